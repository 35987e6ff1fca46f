// Two server instances on one database behind one Redis: a queue change published on A reaches
// staff connected to B.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { listen } from '../chat/socket-testing.ts';
import { signedInStaff } from '../staff/testing.ts';
import { publishOpsQueue } from './index.ts';
import { connectLive, heardEvents, nextEvent, pause } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('the console live channel across two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: `test-${randomUUID()}:` });
    b = await secondInstance(a);
    await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  it('delivers a withdrawals change made on A to finance on B, and not to support', async () => {
    const finance = await signedInStaff(a, 'finance');
    const support = await signedInStaff(a, 'support');
    const [f, s] = await Promise.all([connectLive(baseB, finance.token), connectLive(baseB, support.token)]);
    sockets.push(f, s);
    const supportHeard = heardEvents(s);
    // The adapter subscribes to Redis asynchronously at start: give it a moment.
    await pause(200);
    const event = { queue: 'withdrawals', id: '7', change: 'updated' } as const;
    const heard = nextEvent(f, 5_000);
    publishOpsQueue(a.ctx, event);
    expect(await heard).toEqual(event);
    await pause(300);
    expect(supportHeard).toEqual([]);
  });
});
