// Session revocations between server instances over Redis pub/sub (decision 034), on the shared
// broadcast (lib/redis-broadcast.ts). A revocation is published on one channel every instance
// subscribes to; each instance drops its entries and answers on an acknowledgement channel, and the
// sender waits for every subscriber's answer (or a short timeout), so when a logout answers, no
// instance still trusts the token.
import { randomUUID } from 'node:crypto';
import { createBroadcast } from '../../lib/redis-broadcast.ts';

/** What a revocation names: one session, or every session of a member. */
export type Revocation = { sessionId: number } | { memberId: number };
type Log = { warn: (obj: object, msg: string) => void };

export type RevocationBusOptions = {
  redisUrl: string;
  channel: string;
  log: () => Log | undefined;
  /** A revocation from another instance. */
  onRevocation: (r: Revocation) => void;
  /** The subscription dropped (messages may be lost) or came back. */
  onLive: (live: boolean) => void;
};

/** How long a logout waits for the other instances before it answers anyway. */
const ACK_TIMEOUT_MS = 1_000;

export type RevocationBus = ReturnType<typeof createRevocationBus>;

export function createRevocationBus(opts: RevocationBusOptions) {
  const ackChannel = `${opts.channel}:ack`;
  /** Revocations this instance sent, waiting for acknowledgements: id → count heard. */
  const pending = new Map<string, { heard: number; wake: () => void }>();

  const bus = createBroadcast({
    redisUrl: opts.redisUrl,
    name: 'session revocations',
    log: opts.log,
    // `{from, id, revocation}` and `{from, to, id}`: the wire every instance has spoken since decision 034.
    flat: true,
    channels: {
      [opts.channel]: (body, from) => {
        const msg = parseRevocation(body);
        if (!msg) return;
        opts.onRevocation(msg.revocation);
        bus.publish(ackChannel, { to: from, id: msg.id });
      },
      [ackChannel]: (body) => {
        const ack = parseAck(body);
        if (ack?.to !== bus.instance) return;
        const waiting = pending.get(ack.id);
        if (waiting) {
          waiting.heard += 1;
          waiting.wake();
        }
      },
    },
    onLive: opts.onLive,
  });

  return {
    get live() {
      return bus.live;
    },
    /** Resolves once the other subscribed instances have dropped the revoked entries (or after a timeout). */
    async publish(revocation: Revocation) {
      const id = randomUUID();
      let wake = () => {};
      const waiting = { heard: 0, wake: () => wake() };
      pending.set(id, waiting);
      const deadline = Date.now() + ACK_TIMEOUT_MS;
      try {
        const subscribers = await withTimeout(bus.send(opts.channel, { id, revocation }), ACK_TIMEOUT_MS);
        // Our own subscription counts among the receivers but does not answer.
        const others = subscribers - (bus.live ? 1 : 0);
        while (waiting.heard < others) {
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`${waiting.heard} of ${others} instances acknowledged`);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } catch (err) {
        // The database has the revocation; an instance that did not hear it forgets within the TTL.
        bus.warn(err as Error, 'not confirmed');
      } finally {
        pending.delete(id);
      }
    },
    close: () => bus.close(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis did not answer')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Fields = Record<string, unknown> | null | undefined;

function parseRevocation(body: unknown): { id: string; revocation: Revocation } | null {
  const msg = body as Fields;
  if (typeof msg?.id !== 'string') return null;
  const r = msg.revocation as Fields;
  if (typeof r?.sessionId === 'number') return { id: msg.id, revocation: { sessionId: r.sessionId } };
  if (typeof r?.memberId === 'number') return { id: msg.id, revocation: { memberId: r.memberId } };
  return null;
}

function parseAck(body: unknown): { to: string; id: string } | null {
  const msg = body as Fields;
  return typeof msg?.to === 'string' && typeof msg.id === 'string' ? { to: msg.to, id: msg.id } : null;
}
