// The realtime socket (decision 013): joins the room PREFIX:<user or guest id>, hands 'messaging'
// events on, and while disconnected re-checks every SOCKET_JOIN_CHECK_MS (5 s), joining again on
// each reconnect. socket.io's own reconnection is off so that one rule decides.
import { CHAT_EVENTS, CHAT_SOCKET_PATH, chatRoom, type TJoinAck, type TSocketAuth } from '@krapao/contracts/chat';
import { SOCKET_JOIN_CHECK_MS } from '@krapao/contracts/constants';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { env } from '../../../lib/env';

export type ChatSocketOptions = {
  prefix: string;
  /** The member's user id or the guest id. */
  ownerId: string;
  auth: TSocketAuth;
  onMessage: (raw: unknown) => void;
  onJoin?: (ack: TJoinAck) => void;
};

export function connectChatSocket(opts: ChatSocketOptions): () => void {
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: CHAT_SOCKET_PATH,
    auth: opts.auth,
    reconnection: false,
    // WebSocket only, as the server: a connection stays on one server instance, so a round-robin
    // balancer in front of several needs no sticky sessions (long-polling would).
    transports: ['websocket'],
  };
  const socket = env.apiBase ? io(env.apiBase, options) : io(options);
  const room = chatRoom(opts.prefix, opts.ownerId);

  socket.on('connect', () => {
    socket.emit(CHAT_EVENTS.join, room, (ack: TJoinAck) => opts.onJoin?.(ack));
  });
  socket.on(CHAT_EVENTS.messaging, (raw: unknown) => opts.onMessage(raw));

  const check = setInterval(() => {
    if (!socket.connected) socket.connect();
  }, SOCKET_JOIN_CHECK_MS);

  return () => {
    clearInterval(check);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
