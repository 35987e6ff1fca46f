// The console's live channel (decision 063): a second socket.io server on OPS_LIVE_PATH. A socket
// speaks for the staff session of its cookie and joins one room per queue its role works; the
// server tells a room which item changed, the console reloads that queue. With REDIS_URL the
// Redis adapter carries the events to staff connected to other instances. Every socket also joins the
// room of `changed` events (a setting, game, bonus, promotion code or the spin wheel changed). Every
// OPS_LIVE_RECHECK_MS each socket's session is checked again and dropped when it has ended
// (logout, logout everywhere, disabled, role re-enrolled, idle, expired).
import type { Server as HttpServer } from 'node:http';
import cookie from '@fastify/cookie';
import {
  OPS_CHANGE_EVENT,
  OPS_LIVE_EVENT,
  OPS_LIVE_PATH,
  OPS_QUEUE_NAMES,
  OPS_QUEUES,
  type TOpsChangeEvent,
  type TOpsQueueEvent,
} from '@krapao/contracts/ops/live';
import { OPS_SESSION_COOKIE } from '@krapao/contracts/ops/paths';
import { roleMay } from '@krapao/contracts/ops/roles';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../../config.ts';
import type { StaffSession, StaffSessionCheck } from '../staff/index.ts';

export type OpsLiveHub = {
  publish(event: TOpsQueueEvent): void;
  /** Tells every signed-in staff member that something their pages may show changed. */
  publishChange(event: TOpsChangeEvent): void;
  io: Server;
  /** Drops every client; before the HTTP server closes. */
  disconnect(): void;
  close(): Promise<void>;
};

const roomOf = (prefix: string, queue: string) => `${prefix}ops:${queue}`;
const changesRoomOf = (prefix: string) => `${prefix}ops-changes`;

export function createOpsLiveHub(opts: {
  server: HttpServer;
  config: Config;
  sessions: StaffSessionCheck;
  log: FastifyBaseLogger;
}): OpsLiveHub {
  const { config, sessions, log } = opts;
  const prefix = config.REDIS_PREFIX;
  const io = new Server(opts.server, {
    path: OPS_LIVE_PATH,
    serveClient: false,
    // WebSocket only, like the chat: a connection stays on the instance it reached.
    transports: ['websocket'],
    // The chat's servers share the HTTP server's upgrades.
    destroyUpgrade: false,
    maxHttpBufferSize: 1_024,
  });

  let redis: Redis[] = [];
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'ops live redis'));
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}ops.io` }));
  }

  io.use(async (socket, next) => {
    try {
      const header = socket.handshake.headers.cookie;
      const token = header ? cookie.parse(header)[OPS_SESSION_COOKIE] : undefined;
      const session = await sessions.open(token);
      if (!session) return next(new Error('OPS_SIGNED_OUT'));
      socket.data.staff = session;
      return next();
    } catch (err) {
      log.error({ err }, 'ops live auth');
      return next(new Error('INTERNAL_SERVER_ERROR'));
    }
  });

  const watched = new Set<Socket>();
  io.on('connection', (socket) => {
    const staff: StaffSession = socket.data.staff;
    const rooms = OPS_QUEUE_NAMES.filter((q) => roleMay(staff.role, OPS_QUEUES[q])).map((q) => roomOf(prefix, q));
    void socket.join([...rooms, changesRoomOf(prefix)]);
    watched.add(socket);
    socket.once('disconnect', () => watched.delete(socket));
  });

  /** Checks each session once; drops the sockets of those that ended. */
  async function recheck() {
    const bySession = new Map<number, Socket[]>();
    for (const socket of watched) {
      const id = (socket.data.staff as StaffSession).sessionId;
      bySession.set(id, [...(bySession.get(id) ?? []), socket]);
    }
    for (const [sessionId, list] of bySession) {
      try {
        if (!(await sessions.isLive(sessionId))) for (const socket of list) socket.disconnect(true);
      } catch (err) {
        // A database that does not answer ends no session: the sockets stay until it does.
        log.warn({ err: (err as Error).message }, 'ops live: session recheck');
        return;
      }
    }
  }
  let checking = false;
  const timer =
    config.OPS_LIVE_RECHECK_MS > 0
      ? setInterval(() => {
          if (checking || watched.size === 0) return;
          checking = true;
          void recheck().finally(() => {
            checking = false;
          });
        }, config.OPS_LIVE_RECHECK_MS)
      : undefined;
  timer?.unref();

  return {
    io,
    publish(event) {
      io.to(roomOf(prefix, event.queue)).emit(OPS_LIVE_EVENT, event);
    },
    publishChange(event) {
      io.to(changesRoomOf(prefix)).emit(OPS_CHANGE_EVENT, event);
    },
    disconnect() {
      clearInterval(timer);
      io.engine.close();
    },
    async close() {
      await Promise.allSettled(redis.map((client) => client.quit()));
    },
  };
}
