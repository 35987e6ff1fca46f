// Redis pub/sub channels that every instance publishes to and hears from, without its own messages:
// the one place that owns the publishing and subscribing connections and their life cycle. Fire and
// forget: a cache that uses it must treat a dropped subscription as a lost message (`onLive(false)`)
// and start again from nothing when it comes back.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

type Log = { warn: (obj: object, msg: string) => void };

export type BroadcastOptions = {
  redisUrl: string;
  /** Names the broadcast in warnings. */
  name: string;
  log: () => Log | undefined;
  /** Where each channel's messages from other instances go: the body as sent, and the instance that sent it. */
  channels: Record<string, (body: unknown, from: string) => void>;
  /** The subscription dropped (messages may be lost) or is in place again. */
  onLive: (live: boolean) => void;
  /**
   * The wire: `{from, body}` by default; flat, the body's own fields beside `from` (bodies are
   * objects without a `from` field). Each channel keeps the wire its readers already speak, so old
   * and new instances hear each other during a rolling deploy.
   */
  flat?: boolean;
};

export type Broadcast = {
  /** This instance's id, as the others see it in `from`. */
  readonly instance: string;
  readonly live: boolean;
  /** Sends `body` on `channel`; answers how many subscriptions heard it (this instance's among them while live). */
  send(channel: string, body: unknown): Promise<number>;
  /** Sends and forgets: a failure is only logged. */
  publish(channel: string, body: unknown): void;
  warn(err: Error, msg: string): void;
  close(): Promise<void>;
};

export function createBroadcast(opts: BroadcastOptions): Broadcast {
  const instance = randomUUID();
  const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1 });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, autoResubscribe: false });
  let live = false;
  let closed = false;
  const warn = (err: Error, msg: string) => opts.log()?.warn({ err: err.message }, `${opts.name}: ${msg}`);

  for (const client of [pub, sub]) client.on('error', (err: Error) => warn(err, 'redis'));
  sub.on('message', (channel: string, text: string) => {
    const handler = opts.channels[channel];
    if (!handler) return;
    let parsed: { from?: unknown; body?: unknown } | null;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed?.from !== 'string' || parsed.from === instance) return;
    const { from, ...fields } = parsed;
    handler(opts.flat ? fields : parsed.body, from);
  });
  sub.on('close', () => {
    live = false;
    opts.onLive(false);
  });
  sub.on('ready', () => {
    sub.subscribe(...Object.keys(opts.channels)).then(
      () => {
        live = !closed;
        opts.onLive(live);
      },
      (err: Error) => warn(err, 'subscribe'),
    );
  });

  const wire = (body: unknown) => (opts.flat ? { ...(body as object), from: instance } : { from: instance, body });
  const send = (channel: string, body: unknown) => pub.publish(channel, JSON.stringify(wire(body)));
  return {
    instance,
    get live() {
      return live;
    },
    send,
    publish(channel, body) {
      send(channel, body).catch((err: Error) => warn(err, 'publish'));
    },
    warn,
    async close() {
      closed = true;
      live = false;
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
