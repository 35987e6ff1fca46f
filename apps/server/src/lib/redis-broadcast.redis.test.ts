// The shared Redis pub/sub (redis-broadcast.ts): each channel's messages reach the other instances'
// handler for that channel with the sender named, never the sender itself; a send answers how many
// subscriptions heard it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../test/test-app.ts';
import { type Broadcast, createBroadcast } from './redis-broadcast.ts';

const REDIS_URL = process.env.REDIS_URL;

type Heard = { channel: string; body: unknown; from: string };

describe.skipIf(!REDIS_URL)('redis broadcast', () => {
  const prefix = `test-${randomUUID()}:`;
  const [news, acks] = [`${prefix}news`, `${prefix}acks`];
  const heard = new Map<string, Heard[]>();
  const started: Broadcast[] = [];
  const open = (name: string) => {
    heard.set(name, []);
    const hear = (channel: string) => (body: unknown, from: string) => heard.get(name)?.push({ channel, body, from });
    const bus = createBroadcast({
      redisUrl: REDIS_URL ?? '',
      name,
      log: () => undefined,
      channels: { [news]: hear(news), [acks]: hear(acks) },
      onLive: () => {},
    });
    started.push(bus);
    return bus;
  };
  let a: Broadcast;
  let b: Broadcast;
  beforeAll(async () => {
    a = open('a');
    b = open('b');
    await within(5_000, async () => a.live && b.live);
  });
  afterAll(async () => {
    await Promise.all(started.map((bus) => bus.close()));
  });

  it('hands each channel to its handler on the other instance, never back to the sender', async () => {
    expect(await a.send(news, { n: 1 })).toBe(2);
    b.publish(acks, { n: 2 });
    await within(5_000, async () => (heard.get('b')?.length ?? 0) >= 1 && (heard.get('a')?.length ?? 0) >= 1);
    expect(heard.get('b')).toEqual([{ channel: news, body: { n: 1 }, from: a.instance }]);
    expect(heard.get('a')).toEqual([{ channel: acks, body: { n: 2 }, from: b.instance }]);
  });

  it('is no longer live once closed, and the others count one subscription fewer', async () => {
    const c = open('c');
    await within(5_000, async () => c.live);
    expect(await a.send(news, { n: 3 })).toBe(3);
    await c.close();
    expect(c.live).toBe(false);
    expect(await a.send(news, { n: 4 })).toBe(2);
  });
});
