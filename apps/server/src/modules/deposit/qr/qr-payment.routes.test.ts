// Paying a QR: the dev "bank app", the gateway's signed webhook (replayed, forged, stale, wrong), the
// webhook faults, and the expiry job on a controllable clock.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositReferences, qrCodes } from '../../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../../wallet/testing.ts';
import { createQrExpiryJob } from './qr-expiry.job.ts';
import { createQr, deleteQr, getQr, payQr, sendWebhook, type WebhookBody } from './testing.ts';

let t: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  t = await createTestApp(
    { QR_JOB_INTERVAL_MS: '0', GATEWAY_TIMEOUT_MS: '50', GATEWAY_WEBHOOK_RETRY_MS: '5' },
    { now: () => new Date(Date.now() + offsetMs) },
  );
});
afterEach(async () => {
  t.ctx.payments.gateway.sandbox?.faults.reset();
  await t.ctx.payments.gateway.sandbox?.drain();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const job = () => createQrExpiryJob(t.ctx);
const qrRow = async (id: string) => (await t.db.select().from(qrCodes).where(eq(qrCodes.id, id)))[0]!;
const credits = async (m: Member) =>
  (await t.db.select().from(depositReferences).where(eq(depositReferences.memberId, m.memberId))).length;
const statement = async (m: Member) => (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).json();

/** A member with an open QR of `amount` at `bankCode`, and the webhook body its payment would send. */
async function openQr(bankCode = 'KBANK', amount = 150) {
  const m = await signedInMember(t, 0);
  const state = (await createQr(t, m, bankCode, amount)).json();
  const row = await qrRow(state.qrcodeId);
  const body: WebhookBody = {
    ref: row.gatewayRef,
    merchantRef: row.id,
    amount,
    status: 'PAID',
    paidAt: t.ctx.now().toISOString(),
  };
  return { m, id: state.qrcodeId as string, row, body };
}

/** Nothing moved for the member: no credit, an empty wallet, the QR as it was. */
async function nothingMoved(m: Member, id: string, status = 'OPEN') {
  expect(await credits(m)).toBe(0);
  expect((await balances(t, m)).wallet).toBe(0);
  expect((await qrRow(id)).status).toBe(status);
}

describe('paying a QR', () => {
  it('credits once through the gateway webhook: wallet and statement show the deposit', async () => {
    const { m, id } = await openQr('WW', 250.5);
    const res = await payQr(t, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    expect((await balances(t, m)).wallet).toBe(250.5);
    expect((await qrRow(id)).status).toBe('PAID');
    expect((await getQr(t, m, 'WW')).json().hasQrcode).toBe(false);
    const s = await statement(m);
    expect(s.total).toBe(1);
    expect(s.statements[0]).toMatchObject({ statementType: 'deposit', from: 'WW', to: 'WALLET', amount: 250.5 });

    const again = await payQr(t, id); // one QR, one deposit
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'QR_FAIL', reason: 'PAID' });
    expect((await balances(t, m)).wallet).toBe(250.5);
    expect(await credits(m)).toBe(1);
    expect((await payQr(t, 'no-such-qr')).statusCode).toBe(404);
  });

  it('refuses to pay a cancelled QR', async () => {
    const { m, id } = await openQr();
    await deleteQr(t, m, id);
    expect((await payQr(t, id)).json()).toMatchObject({ message: 'QR_FAIL', reason: 'CANCELLED' });
    await nothingMoved(m, id, 'CANCELLED');
  });
});

describe('POST /api/payments/webhook/:bankCode', () => {
  it('answers a replay 200 and moves nothing', async () => {
    const { m, id, body } = await openQr();
    expect((await sendWebhook(t, 'KBANK', body)).json()).toEqual({ message: 'OK' });
    expect((await balances(t, m)).wallet).toBe(150);
    for (let i = 0; i < 3; i++) expect((await sendWebhook(t, 'KBANK', body)).statusCode).toBe(200);
    expect((await balances(t, m)).wallet).toBe(150);
    expect(await credits(m)).toBe(1);
    expect((await statement(m)).total).toBe(1);
    expect((await qrRow(id)).status).toBe('PAID');
  });

  it('refuses forged, tampered, unsigned and stale webhooks with 401, moving nothing', async () => {
    const { m, id, body } = await openQr();
    const now = t.ctx.now().getTime();
    const attempts = [
      sendWebhook(t, 'KBANK', body, { secret: 'not-the-gateway-secret-at-all' }),
      sendWebhook(t, 'KBANK', body, { tamper: (h) => Object.assign(h, { 'x-gateway-signature': 'f'.repeat(64) }) }),
      sendWebhook(t, 'KBANK', body, { tamper: (h) => delete h['x-gateway-signature'] }),
      sendWebhook(t, 'KBANK', body, { tamper: (h) => delete h['x-gateway-timestamp'] }),
      sendWebhook(t, 'KBANK', body, { at: new Date(now - 6 * 60_000) }),
      sendWebhook(t, 'KBANK', body, { at: new Date(now + 6 * 60_000) }),
      // The signature of another timestamp, or of another body (paid for another order).
      sendWebhook(t, 'KBANK', body, {
        tamper: (h) => Object.assign(h, { 'x-gateway-timestamp': String(Number(h['x-gateway-timestamp']) + 1) }),
      }),
      sendWebhook(t, 'KBANK', { ...body, ref: 'KB-other' }, { sendBody: body }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    await nothingMoved(m, id);
  });

  it('refuses a signed webhook whose amount, merchant reference, order or status is not ours', async () => {
    const { m, id, body } = await openQr();
    const wrong = [
      [{ ...body, amount: 1500 }, 400],
      [{ ...body, amount: 149.99 }, 400],
      [{ ...body, merchantRef: 'someone-else' }, 400],
      [{ ...body, ref: 'KB000000000000000000' }, 404],
      [{ ...body, status: 'FAILED' }, 400],
    ] as const;
    for (const [b, status] of wrong) expect((await sendWebhook(t, 'KBANK', b)).statusCode).toBe(status);
    expect((await sendWebhook(t, 'WW', body)).statusCode).toBe(404); // another gateway's books
    await nothingMoved(m, id);
  });

  it('still credits a paid order whose QR we had cancelled or that had expired: the money was taken', async () => {
    const cancelled = await openQr();
    await deleteQr(t, cancelled.m, cancelled.id);
    expect((await sendWebhook(t, 'KBANK', cancelled.body)).statusCode).toBe(200);
    expect((await balances(t, cancelled.m)).wallet).toBe(150);
    expect((await qrRow(cancelled.id)).status).toBe('PAID');
  });
});

describe('webhook faults', () => {
  it('a duplicated webhook credits once; a failed delivery is retried until it arrives', async () => {
    const gateway = t.ctx.payments.gateway.sandbox!;
    const dup = await openQr();
    gateway.faults.set({ webhookNext: ['duplicate'] });
    expect((await payQr(t, dup.id)).statusCode).toBe(200);
    await gateway.drain();
    expect((await balances(t, dup.m)).wallet).toBe(150);
    expect(await credits(dup.m)).toBe(1);

    const failed = await openQr();
    gateway.faults.set({ webhookNext: ['fail'] });
    expect((await payQr(t, failed.id)).statusCode).toBe(200);
    await gateway.drain();
    expect((await balances(t, failed.m)).wallet).toBe(150);
    expect((await qrRow(failed.id)).status).toBe('PAID');
  });

  it('a dropped webhook is caught by the job at expiry: it asks the gateway and credits once', async () => {
    const { m, id, body } = await openQr('PAYTIMZ', 40);
    t.ctx.payments.gateway.sandbox!.faults.set({ webhookNext: ['drop'] });
    expect((await payQr(t, id)).statusCode).toBe(200);
    await nothingMoved(m, id);
    expect(await job().runOnce()).toEqual({ paid: 0, expired: 0, left: 0 }); // not expired yet
    offsetMs += 11 * 60_000;
    expect(await job().runOnce()).toMatchObject({ paid: 1 });
    expect((await balances(t, m)).wallet).toBe(40);
    expect((await qrRow(id)).status).toBe('PAID');
    expect((await sendWebhook(t, 'PAYTIMZ', body)).statusCode).toBe(200); // late webhook: a replay
    expect(await credits(m)).toBe(1);
  });
});

describe('the QR expiry job', () => {
  it('expires an unpaid QR after asking the gateway; an expired QR cannot be paid', async () => {
    const { m, id, body } = await openQr();
    const expireIn = (await getQr(t, m, 'KBANK')).json().expireIn;
    offsetMs = expireIn - Date.now() + 1000;
    expect((await getQr(t, m, 'KBANK')).json().hasQrcode).toBe(false);
    expect((await payQr(t, id)).json()).toMatchObject({ message: 'QR_FAIL', reason: 'EXPIRED' });

    t.ctx.payments.gateway.sandbox!.faults.set({ next: ['error5xx'], methods: ['getOrder'] });
    expect(await job().runOnce()).toMatchObject({ left: 1 });
    expect((await qrRow(id)).status).toBe('OPEN');
    expect(await job().runOnce()).toMatchObject({ left: 0, expired: 0 }); // leased: not taken again at once
    offsetMs += 5 * 60_000;
    expect(await job().runOnce()).toMatchObject({ expired: 1 });
    await nothingMoved(m, id, 'EXPIRED');
    expect(await job().runOnce()).toEqual({ paid: 0, expired: 0, left: 0 });

    // The member's bank had paid at the last second and the gateway says so now: still credited.
    expect((await sendWebhook(t, 'KBANK', body)).statusCode).toBe(200);
    expect((await balances(t, m)).wallet).toBe(150);
    expect((await qrRow(id)).status).toBe('PAID');
  });
});
