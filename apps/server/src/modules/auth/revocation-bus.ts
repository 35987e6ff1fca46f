// Session revocations between server instances over Redis pub/sub (decision 034). A revocation is
// published on one channel every instance subscribes to; each instance drops its entries and
// answers on an acknowledgement channel, and the sender waits for every subscriber's answer (or a
// short timeout), so when a logout answers, no instance still trusts the token.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

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
  const instance = randomUUID();
  const ackChannel = `${opts.channel}:ack`;
  const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1 });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, autoResubscribe: false });
  /** Revocations this instance sent, waiting for acknowledgements: id → count heard. */
  const pending = new Map<string, { heard: number; wake: () => void }>();
  let live = false;
  let closed = false;
  const warn = (err: Error, msg: string) => opts.log()?.warn({ err: err.message }, msg);

  for (const client of [pub, sub]) client.on('error', (err: Error) => warn(err, 'session revocations: redis'));
  sub.on('message', (channel: string, text: string) => {
    const msg = parse(text);
    if (!msg || msg.from === instance) return;
    if (channel === opts.channel && msg.revocation) {
      opts.onRevocation(msg.revocation);
      pub.publish(ackChannel, JSON.stringify({ from: instance, to: msg.from, id: msg.id })).catch((err) => {
        warn(err, 'session revocations: ack');
      });
    } else if (channel === ackChannel && msg.to === instance) {
      const waiting = pending.get(msg.id);
      if (waiting) {
        waiting.heard += 1;
        waiting.wake();
      }
    }
  });
  sub.on('close', () => {
    live = false;
    opts.onLive(false);
  });
  sub.on('ready', () => {
    sub.subscribe(opts.channel, ackChannel).then(
      () => {
        live = !closed;
        opts.onLive(live);
      },
      (err: Error) => warn(err, 'session revocations: subscribe'),
    );
  });

  return {
    get live() {
      return live;
    },
    /** Resolves once the other subscribed instances have dropped the revoked entries (or after a timeout). */
    async publish(revocation: Revocation) {
      const id = randomUUID();
      let wake = () => {};
      const waiting = { heard: 0, wake: () => wake() };
      pending.set(id, waiting);
      const deadline = Date.now() + ACK_TIMEOUT_MS;
      try {
        const subscribers = await withTimeout(
          pub.publish(opts.channel, JSON.stringify({ from: instance, id, revocation })),
          ACK_TIMEOUT_MS,
        );
        // Our own subscription counts among the receivers but does not answer.
        const others = subscribers - (live ? 1 : 0);
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
        warn(err as Error, 'session revocation not confirmed');
      } finally {
        pending.delete(id);
      }
    },
    async close() {
      closed = true;
      live = false;
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis did not answer')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Message = { from: string; id: string; to?: string; revocation?: Revocation };

function parse(text: string): Message | null {
  try {
    const msg = JSON.parse(text) as {
      from?: unknown;
      id?: unknown;
      to?: unknown;
      revocation?: Record<string, unknown>;
    };
    if (typeof msg.from !== 'string' || typeof msg.id !== 'string') return null;
    const r = msg.revocation;
    const revocation: Revocation | undefined =
      typeof r?.sessionId === 'number'
        ? { sessionId: r.sessionId }
        : typeof r?.memberId === 'number'
          ? { memberId: r.memberId }
          : undefined;
    return { from: msg.from, id: msg.id, ...(typeof msg.to === 'string' ? { to: msg.to } : {}), revocation };
  } catch {
    return null;
  }
}
