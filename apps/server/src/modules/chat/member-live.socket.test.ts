// A member's live money events (contracts/live.ts) over the chat's socket.io server: the member's own
// sockets hear a paid QR, a settled transfer; another member's, a guest's and the operators' do not,
// a replayed webhook tells no one twice, and no client can join a member's live room.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEMBER_LIVE_EVENT, memberLiveRoom, type TMemberLiveEvent } from '@krapao/contracts/live';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createQr, payQr, sendWebhook } from '../deposit/qr/testing.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { connectSocket, join, listen } from './socket-testing.ts';
import { newGuestId, OPERATOR } from './testing.ts';

let t: TestApp;
let base: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT: 'off',
    PROVIDER_TIMEOUT_MS: '50',
    QR_JOB_INTERVAL_MS: '0',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-live-')),
  });
  base = await listen(t);
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.close();
  t.ctx.gameProviders.sandbox?.faults.reset();
  await t.ctx.payments.gateway.sandbox?.drain();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

async function socketFor(auth: Parameters<typeof connectSocket>[1]) {
  const socket = await connectSocket(base, auth);
  open.push(socket);
  return socket;
}

/** Every live money event the client hears from now on. */
function heardMoney(socket: Socket): TMemberLiveEvent[] {
  const events: TMemberLiveEvent[] = [];
  socket.on(MEMBER_LIVE_EVENT, (event: TMemberLiveEvent) => events.push(event));
  return events;
}

/** The next live money event, or a rejection after `ms`. */
function nextMoney(socket: Socket, ms = 3_000): Promise<TMemberLiveEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no live money event')), ms);
    socket.once(MEMBER_LIVE_EVENT, (event: TMemberLiveEvent) => {
      clearTimeout(timer);
      resolve(event);
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('live money events', () => {
  it('tells the paying member’s sockets of a QR paid through the gateway webhook, and no one else', async () => {
    const [payer, other] = await Promise.all([signedInMember(t, 0), signedInMember(t, 0)]);
    const [phone, laptop] = await Promise.all([socketFor({ token: payer.token }), socketFor({ token: payer.token })]);
    const bystanders = await Promise.all([
      socketFor({ token: other.token }),
      socketFor({ guestId: newGuestId() }),
      socketFor({ operatorToken: OPERATOR }),
    ]);
    const overheard = bystanders.map(heardMoney);
    const { qrcodeId } = (await createQr(t, payer, 'KBANK', 150)).json();

    const heard = Promise.all([nextMoney(phone), nextMoney(laptop)]);
    expect((await payQr(t, qrcodeId)).statusCode).toBe(200);
    const [onPhone, onLaptop] = await heard;
    expect(onPhone).toEqual({ id: expect.any(Number), kind: 'deposit', amount: 150, qrcodeId });
    expect(onLaptop).toEqual(onPhone);
    await settle();
    expect(overheard.flat()).toEqual([]);
  });

  it('a replayed webhook credits nothing and tells nothing', async () => {
    const m = await signedInMember(t, 0);
    const socket = await socketFor({ token: m.token });
    const events = heardMoney(socket);
    const { qrcodeId } = (await createQr(t, m, 'KBANK', 80)).json();
    const [row] = await t.db.select().from(qrCodes).where(eq(qrCodes.id, qrcodeId));
    const body = {
      ref: row!.gatewayRef,
      merchantRef: qrcodeId,
      amount: 80,
      status: 'PAID',
      paidAt: t.ctx.now().toISOString(),
    };
    expect((await sendWebhook(t, 'KBANK', body)).statusCode).toBe(200);
    expect((await sendWebhook(t, 'KBANK', body)).statusCode).toBe(200);
    await settle();
    expect(events).toEqual([{ id: expect.any(Number), kind: 'deposit', amount: 80, qrcodeId }]);
  });

  it('tells the member when reconciliation settles a transfer that had no answer', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    const socket = await socketFor({ token: m.token });
    const events = heardMoney(socket);
    t.ctx.gameProviders.sandbox!.faults.set({
      next: ['lostResponse', 'error5xx'],
      methods: ['deposit', 'transferStatus'],
    });
    const res = await call(
      t,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'PG', amount: 60 },
      `live-${m.memberId}`,
    );
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    t.ctx.gameProviders.sandbox!.faults.reset();
    const { createReconciler } = await import('../wallet/transfer-reconcile.job.ts');
    const told = nextMoney(socket);
    expect(await createReconciler(t.ctx).runOnce()).toBeGreaterThanOrEqual(1);
    expect(await told).toEqual({ id: expect.any(Number), kind: 'transfer-done', amount: 60 });
    expect(events).toEqual([{ id: expect.any(Number), kind: 'transfer-done', amount: 60 }]);
  });

  it('no client joins a member’s live room, not even the member’s own by name', async () => {
    const victim = await signedInMember(t, 0);
    const intruder = await signedInMember(t, 0);
    const room = memberLiveRoom('krapao-chat', victim.memberId);
    const socket = await socketFor({ token: intruder.token });
    const guest = await socketFor({ guestId: newGuestId() });
    const own = await socketFor({ token: victim.token });
    expect(await join(socket, room)).toEqual({ ok: false, message: 'UNAUTHORIZED' });
    expect((await join(guest, room)).ok).toBe(false);
    expect((await join(own, room)).ok).toBe(false);
    const events = [socket, guest].map(heardMoney);
    const { qrcodeId } = (await createQr(t, victim, 'KBANK', 60)).json();
    const told = nextMoney(own);
    await payQr(t, qrcodeId);
    expect(await told).toMatchObject({ kind: 'deposit', qrcodeId });
    await settle();
    expect(events.flat()).toEqual([]);
  });
});
