// The member's live money socket (contracts/live.ts): a socket.io connection to the chat's server
// with the session token, which the server puts in the member's own live room. Like the chat's
// (decision 013) socket.io's own reconnection is off; every SOCKET_JOIN_CHECK_MS a dropped
// connection is opened again, each time with the token stored then and the cursor the server gave
// when the last connection opened: the server sends the events after it (those it still keeps), then
// the cursor. Once that cursor arrives after a gap (a drop or a failed attempt), `onResync` lets the
// screens read again what the gap may have changed. The cursor does not move with live events: two
// events committed together can arrive out of id order, and one still on its way at a drop must come
// again. So a connection after a gap is sent every event of the last one again, and an event heard
// twice (live and again in a replay) is handed on once. The cursor and the ids handed on are kept for
// the tab (`kept`): after a reload the first connection asks for what came while the page loaded.
import { CHAT_SOCKET_PATH } from '@krapao/contracts/chat';
import { SOCKET_JOIN_CHECK_MS } from '@krapao/contracts/constants';
import {
  MEMBER_LIVE_CURSOR_EVENT,
  MEMBER_LIVE_EVENT,
  type TMemberLiveEvent,
  ZMemberLiveCursor,
  ZMemberLiveEvent,
} from '@krapao/contracts/live';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { env } from '../../../lib/env';
import type { LiveCursor } from '../../../lib/storage';

export type LiveSocketOptions = {
  /** The session token at each (re)connection; none: the connection waits. */
  token: () => string | null;
  onEvent: (event: TMemberLiveEvent) => void;
  /** Connected again after a gap, once the events the server kept from it were handed on. */
  onResync: () => void;
  /**
   * Where an earlier page of this session left off (a reload): the first connection asks for the
   * events after its cursor, and those it had handed on already are not handed on again.
   */
  kept?: { load: () => LiveCursor | null; save: (state: LiveCursor) => void };
};

/**
 * Ids of events already handed on, the latest ones: more than a replay holds (MEMBER_LIVE_REPLAY_MAX),
 * so every event of a replay that was heard before is recognised.
 */
const SEEN_MAX = 200;

export function connectLiveSocket(opts: LiveSocketOptions): () => void {
  const start = opts.kept?.load() ?? null;
  let cursor: number | undefined = start?.cursor;
  const seen = new Set<number>(start?.seen.slice(-SEEN_MAX));
  const keep = () => {
    if (cursor !== undefined) opts.kept?.save({ cursor, seen: [...seen] });
  };
  const heard = (id: number) => {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as number);
    keep();
    return true;
  };
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: CHAT_SOCKET_PATH,
    auth: (send) => send({ token: opts.token() ?? '', ...(cursor === undefined ? {} : { since: cursor }) }),
    reconnection: false,
    // WebSocket only, as the server: no sticky sessions needed behind a round-robin balancer.
    transports: ['websocket'],
    autoConnect: false,
    // An attempt that has not opened by the next check has failed: socket.io's default (20 s) would
    // hold every later attempt back meanwhile (one started with no network can hang until then).
    timeout: SOCKET_JOIN_CHECK_MS,
  };
  const socket = env.apiBase ? io(env.apiBase, options) : io(options);
  socket.on(MEMBER_LIVE_EVENT, (raw: unknown) => {
    const event = ZMemberLiveEvent.safeParse(raw);
    if (!event.success) return;
    if (event.data.id === undefined || heard(event.data.id)) opts.onEvent(event.data);
  });
  let gap = false;
  socket.on('disconnect', () => {
    gap = true;
  });
  socket.on('connect_error', () => {
    gap = true;
  });
  socket.on(MEMBER_LIVE_CURSOR_EVENT, (raw: unknown) => {
    const told = ZMemberLiveCursor.safeParse(raw);
    if (!told.success) return;
    cursor = Math.max(cursor ?? 0, told.data.cursor);
    keep();
    if (!gap) return;
    gap = false;
    opts.onResync();
  });
  const connect = () => {
    if (!socket.connected && opts.token()) socket.connect();
  };
  // The network is back (a phone out of a lift, off flight mode): a new attempt at once, in place of
  // any that began without a network and may still hang.
  const online = () => {
    if (socket.connected || !opts.token()) return;
    socket.disconnect();
    gap = true;
    socket.connect();
  };
  connect();
  const check = setInterval(connect, SOCKET_JOIN_CHECK_MS);
  window.addEventListener('online', online);

  return () => {
    clearInterval(check);
    window.removeEventListener('online', online);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
