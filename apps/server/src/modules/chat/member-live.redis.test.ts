// Live money events across two instances on one database behind one Redis (docs/architecture.md §7):
// a QR paid on instance A reaches the member's socket on instance B, and no other member's there.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEMBER_LIVE_EVENT, type TMemberLiveEvent } from '@krapao/contracts/live';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { createQr, payQr } from '../deposit/qr/testing.ts';
import { signedInMember } from '../wallet/testing.ts';
import { connectLive, connectSocket, listen, within } from './socket-testing.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('live money events across two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp({
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `test-${randomUUID()}:`,
      CHAT_AGENT: 'off',
      QR_JOB_INTERVAL_MS: '0',
      UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-live-')),
    });
    b = await secondInstance(a);
    await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a?.ctx.payments.gateway.sandbox?.drain();
    await b?.close();
    await a?.close();
  });

  it('a QR paid on A reaches the payer’s socket on B, not another member’s', async () => {
    const [payer, other] = await Promise.all([signedInMember(a, 0), signedInMember(a, 0)]);
    const onB = await connectSocket(baseB, { token: payer.token });
    const otherOnB = await connectSocket(baseB, { token: other.token });
    sockets.push(onB, otherOnB);
    const overheard: TMemberLiveEvent[] = [];
    otherOnB.on(MEMBER_LIVE_EVENT, (event: TMemberLiveEvent) => overheard.push(event));
    // The adapter subscribes to Redis asynchronously at start: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const { qrcodeId } = (await createQr(a, payer, 'KBANK', 120)).json();
    const heard = new Promise<TMemberLiveEvent>((resolve) => onB.once(MEMBER_LIVE_EVENT, resolve));
    expect((await payQr(a, qrcodeId)).statusCode).toBe(200);
    expect(await within(heard, 5_000, 'live event on B')).toEqual({
      id: expect.any(Number),
      kind: 'deposit',
      amount: 120,
      qrcodeId,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(overheard).toEqual([]);
  });

  it('a socket away while a QR was paid on A hears it when it connects again to B', async () => {
    const payer = await signedInMember(a, 0);
    const first = await connectLive(baseB, { token: payer.token });
    first.socket.close();
    const { qrcodeId } = (await createQr(a, payer, 'KBANK', 65)).json();
    expect((await payQr(a, qrcodeId)).statusCode).toBe(200);
    // Kept just after the commit, on A.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const again = await connectLive(baseB, { token: payer.token, since: first.cursor });
    sockets.push(again.socket);
    expect(again.missed).toEqual([{ id: expect.any(Number), kind: 'deposit', amount: 65, qrcodeId }]);
  });
});
