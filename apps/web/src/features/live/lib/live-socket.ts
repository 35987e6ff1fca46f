// The member's live money socket (contracts/live.ts): a socket.io connection to the chat's server
// with the session token, which the server puts in the member's own live room. Like the chat's
// (decision 013) socket.io's own reconnection is off; every SOCKET_JOIN_CHECK_MS a dropped
// connection is opened again, each time with the token stored then.
import { CHAT_SOCKET_PATH } from '@krapao/contracts/chat';
import { SOCKET_JOIN_CHECK_MS } from '@krapao/contracts/constants';
import { MEMBER_LIVE_EVENT, type TMemberLiveEvent, ZMemberLiveEvent } from '@krapao/contracts/live';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { env } from '../../../lib/env';

export type LiveSocketOptions = {
  /** The session token at each (re)connection; none: the connection waits. */
  token: () => string | null;
  onEvent: (event: TMemberLiveEvent) => void;
};

export function connectLiveSocket(opts: LiveSocketOptions): () => void {
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: CHAT_SOCKET_PATH,
    auth: (send) => send({ token: opts.token() ?? '' }),
    reconnection: false,
    // WebSocket only, as the server: no sticky sessions needed behind a round-robin balancer.
    transports: ['websocket'],
    autoConnect: false,
  };
  const socket = env.apiBase ? io(env.apiBase, options) : io(options);
  socket.on(MEMBER_LIVE_EVENT, (raw: unknown) => {
    const event = ZMemberLiveEvent.safeParse(raw);
    if (event.success) opts.onEvent(event.data);
  });
  const connect = () => {
    if (!socket.connected && opts.token()) socket.connect();
  };
  connect();
  const check = setInterval(connect, SOCKET_JOIN_CHECK_MS);

  return () => {
    clearInterval(check);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
