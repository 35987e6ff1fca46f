// Realtime delivery (decision 013): socket.io rooms named PREFIX:<user or guest id>, joined
// only by their owner; with REDIS_URL the Redis adapter carries events between server instances.
// The plain WebSocket backend (chat-ws.ts) hears the same messages. A member's sockets are dropped
// when their session ends (chat-session-watch.ts). A member's socket.io sockets also join the
// member's live money room (contracts/live.ts) on connecting, are sent the events they missed
// after the cursor they bring, then the cursor.
import type { Server as HttpServer } from 'node:http';
import {
  CHAT_EVENTS,
  CHAT_SOCKET_PATH,
  chatOperatorRoom,
  chatRoom,
  type TChatMessage,
  ZSocketAuth,
} from '@krapao/contracts/chat';
import {
  MEMBER_LIVE_CURSOR_EVENT,
  MEMBER_LIVE_EVENT,
  memberLiveRoom,
  type TMemberLiveCursor,
  type TMemberLiveEvent,
} from '@krapao/contracts/live';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../../config.ts';
import type { LiveListener, MissedMemberLive } from '../../lib/member-live.ts';
import { isOperatorToken } from './chat-identity.ts';
import { createSessionWatch, type SessionSource, type SocketSession } from './chat-session-watch.ts';
import { createChatWs } from './chat-ws.ts';

/** Whom a socket speaks for: the room's owner id, and for a member the session it signed in with. */
export type ChatPeer = { owner: string; session?: SocketSession };
/** The peer a token or guest id speaks for, or null when it speaks for no one. */
export type AuthResolver = (auth: { token?: string; guestId?: string }) => Promise<ChatPeer | null>;

export type ChatHub = {
  /** Delivers to the conversation's room on every instance, and to operators. */
  publish(ownerId: string, message: TChatMessage): void;
  /** A live money event to the member's own sockets on every instance (contracts/live.ts). */
  notifyMember(memberId: number, event: TMemberLiveEvent): void;
  io: Server;
  /** Drops every client; before the HTTP server closes. */
  disconnect(): void;
  close(): Promise<void>;
};

const WS_FANOUT = 'chat:ws';

export function createChatHub(opts: {
  server: HttpServer;
  config: Config;
  resolve: AuthResolver;
  sessions: SessionSource;
  log: FastifyBaseLogger;
  /** The live events a member's socket missed after its cursor, within its session (lib/member-live.ts). */
  missedLive: (listener: LiveListener, since?: number) => Promise<MissedMemberLive>;
}): ChatHub {
  const { config, resolve, log } = opts;
  const watch = createSessionWatch({ sessions: opts.sessions, recheckMs: config.CHAT_SOCKET_RECHECK_MS, log });
  const prefix = config.CHAT_PREFIX;
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const io = new Server(opts.server, {
    path: CHAT_SOCKET_PATH,
    serveClient: false,
    // WebSocket only: one connection stays on the instance it reached, so a round-robin balancer
    // needs no sticky sessions. Long-polling would spread one session's requests over instances
    // that do not know it (400 "Session ID unknown"); a polling handshake is refused instead.
    transports: ['websocket'],
    // The plain WebSocket backend shares the HTTP server's upgrades.
    destroyUpgrade: false,
    maxHttpBufferSize: 16_384,
    ...(origins.length > 0 ? { cors: { origin: origins } } : {}),
  });

  let redis: Redis[] = [];
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'chat redis'));
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}socket.io` }));
  }

  io.use(async (socket, next) => {
    const auth = ZSocketAuth.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return next(new Error('KEY_INVALID'));
    const { operatorToken, token, guestId } = auth.data;
    if (operatorToken !== undefined) {
      if (!isOperatorToken(operatorToken, config)) return next(new Error('UNAUTHORIZED'));
      socket.data.room = chatOperatorRoom(prefix);
      return next();
    }
    try {
      const since = watch.mark();
      const peer = await resolve({ token, guestId });
      if (!peer) return next(new Error(token ? 'invalid-token' : 'KEY_MISSING'));
      socket.data.room = chatRoom(prefix, peer.owner);
      socket.data.session = peer.session;
      socket.data.since = since;
      socket.data.liveSince = auth.data.since;
      return next();
    } catch (err) {
      log.error({ err }, 'chat socket auth');
      return next(new Error('INTERNAL_SERVER_ERROR'));
    }
  });

  io.on('connection', (socket) => {
    const session: SocketSession | undefined = socket.data.session;
    if (session) {
      const unwatch = watch.watch(session, socket.data.since, () => socket.disconnect(true));
      socket.once('disconnect', unwatch);
      // The member's live money room, named from the verified session: no client names it. Joined
      // before the missed events are read, so none falls between; the client drops an id it heard.
      void socket.join(memberLiveRoom(prefix, session.memberId));
      void sendMissed(socket, session, socket.data.liveSince);
    }
    socket.on(CHAT_EVENTS.join, (room: unknown, ack: unknown) => {
      const isOwn = typeof room === 'string' && room === socket.data.room;
      if (isOwn) void socket.join(room);
      else log.info({ room: typeof room === 'string' ? room.slice(0, 80) : typeof room }, 'chat join refused');
      if (typeof ack === 'function') ack(isOwn ? { ok: true, room } : { ok: false, message: 'UNAUTHORIZED' });
    });
  });

  async function sendMissed(socket: Socket, listener: LiveListener, since: number | undefined) {
    let cursor: TMemberLiveCursor = { cursor: since ?? 0 };
    try {
      const missed = await opts.missedLive(listener, since);
      for (const event of missed.events) socket.emit(MEMBER_LIVE_EVENT, event);
      cursor = { cursor: missed.cursor };
    } catch (err) {
      log.warn({ err }, 'live events of a gap');
    }
    socket.emit(MEMBER_LIVE_CURSOR_EVENT, cursor);
  }

  const ws = createChatWs({ server: opts.server, prefix, resolve, watch, log });
  // Other instances hand their messages to this instance's plain WebSocket clients.
  io.on(WS_FANOUT, (room: string, message: TChatMessage) => ws.deliver(room, message));

  return {
    io,
    publish(ownerId, message) {
      const room = chatRoom(prefix, ownerId);
      io.to(room).to(chatOperatorRoom(prefix)).emit(CHAT_EVENTS.messaging, message);
      ws.deliver(room, message);
      if (redis.length > 0) io.serverSideEmit(WS_FANOUT, room, message);
    },
    notifyMember(memberId, event) {
      io.to(memberLiveRoom(prefix, memberId)).emit(MEMBER_LIVE_EVENT, event);
    },
    /**
     * The instance is stopping: transports are closed without a server "disconnect", which socket.io
     * clients read as "come back" (the raw WebSocket gets 1012, service restart).
     */
    disconnect() {
      watch.close();
      io.engine.close();
      ws.close();
    },
    async close() {
      await Promise.allSettled(redis.map((client) => client.quit()));
    },
  };
}
