// The member's live money socket (contracts/live.ts): a socket.io connection to the chat's server
// with the session token, which the server puts in the member's own live room. Like the chat's
// (decision 013) socket.io's own reconnection is off; every SOCKET_JOIN_CHECK_MS a dropped
// connection is opened again, each time with the token stored then. The server does not keep events
// for a member who is not connected: a connection made after a gap (a drop or a failed attempt) is
// reported through `onResync`, so the screens read again what the gap may have changed.
import { CHAT_SOCKET_PATH } from '@krapao/contracts/chat';
import { SOCKET_JOIN_CHECK_MS } from '@krapao/contracts/constants';
import { MEMBER_LIVE_EVENT, type TMemberLiveEvent, ZMemberLiveEvent } from '@krapao/contracts/live';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { env } from '../../../lib/env';

export type LiveSocketOptions = {
  /** The session token at each (re)connection; none: the connection waits. */
  token: () => string | null;
  onEvent: (event: TMemberLiveEvent) => void;
  /** Connected again after a gap in which events may have been lost. */
  onResync: () => void;
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
  let gap = false;
  socket.on('disconnect', () => {
    gap = true;
  });
  socket.on('connect_error', () => {
    gap = true;
  });
  socket.on('connect', () => {
    if (!gap) return;
    gap = false;
    opts.onResync();
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
