// One Redis pub/sub channel that every instance publishes to and hears from, without its own
// messages. Fire and forget: a cache that uses it must treat a dropped subscription as a lost message
// (`onLive(false)`) and start again from nothing when it comes back.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

type Log = { warn: (obj: object, msg: string) => void };

export type BroadcastOptions<T> = {
  redisUrl: string;
  channel: string;
  log: () => Log | undefined;
  /** The message's body as sent, or null when it is not one (dropped). */
  parse: (body: unknown) => T | null;
  /** A message from another instance. */
  onMessage: (message: T) => void;
  /** The subscription dropped (messages may be lost) or is in place again. */
  onLive: (live: boolean) => void;
};

export type Broadcast<T> = { readonly live: boolean; publish(message: T): void; close(): Promise<void> };

export function createBroadcast<T>(opts: BroadcastOptions<T>): Broadcast<T> {
  const instance = randomUUID();
  const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1 });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, autoResubscribe: false });
  let live = false;
  let closed = false;
  const warn = (err: Error, msg: string) => opts.log()?.warn({ err: err.message }, `${opts.channel}: ${msg}`);

  for (const client of [pub, sub]) client.on('error', (err: Error) => warn(err, 'redis'));
  sub.on('message', (_channel: string, text: string) => {
    let parsed: { from?: unknown; body?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === instance) return;
    const message = opts.parse(parsed.body);
    if (message !== null) opts.onMessage(message);
  });
  sub.on('close', () => {
    live = false;
    opts.onLive(false);
  });
  sub.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => {
        live = !closed;
        opts.onLive(live);
      },
      (err: Error) => warn(err, 'subscribe'),
    );
  });

  return {
    get live() {
      return live;
    },
    publish(message) {
      pub.publish(opts.channel, JSON.stringify({ from: instance, body: message })).catch((err: Error) => {
        // The others keep what they have until their entries' time runs out.
        warn(err, 'publish');
      });
    },
    async close() {
      closed = true;
      live = false;
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
