// QR deposits under real concurrency, on PostgreSQL (PGlite has one connection and cannot race).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositReferences, qrCodes, sandboxGatewayOrders } from '../../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import { createQr, deleteQr, payQr, sendWebhook } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('QR deposits on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ QR_JOB_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    if (!t) return;
    await t.ctx.payments.gateway.sandbox?.drain();
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  const openGatewayOrders = async () =>
    (await t.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.status, 'OPEN'))).map((o) => o.ref);
  const rowsOf = (memberId: number) => t.db.select().from(qrCodes).where(eq(qrCodes.memberId, memberId));

  it('50 parallel deliveries of the same webhook credit once, 5 trials', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const m = await signedInMember(t, 0);
      const state = (await createQr(t, m, 'KBANK', 300)).json();
      const [row] = await rowsOf(m.memberId);
      const body = {
        ref: row!.gatewayRef,
        merchantRef: row!.id,
        amount: 300,
        status: 'PAID',
        paidAt: new Date().toISOString(),
      };
      const results = await Promise.all(Array.from({ length: 50 }, () => sendWebhook(t, 'KBANK', body)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect((await balances(t, m)).wallet).toBe(300);
      const refs = await t.db.select().from(depositReferences).where(eq(depositReferences.memberId, m.memberId));
      expect(refs).toHaveLength(1);
      expect((await rowsOf(m.memberId)).map((r) => [r.id, r.status])).toEqual([[state.qrcodeId, 'PAID']]);
    }
  });

  it('parallel creates of one member leave exactly one OPEN QR, here and at the gateways, 5 trials', async () => {
    const codes = ['KBANK', 'WW', 'PAYTIMZ'];
    for (let trial = 0; trial < 5; trial++) {
      const m = await signedInMember(t, 0);
      const openBefore = new Set(await openGatewayOrders());
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createQr(t, m, codes[i % 3]!, 100 + i)));
      const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().qrcodeId);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(results.every((r) => r.statusCode === 200 || r.json().message === 'QR_FAIL')).toBe(true);
      const rows = await rowsOf(m.memberId);
      const open = rows.filter((r) => r.status === 'OPEN');
      expect(open).toHaveLength(1);
      expect(ok).toContain(open[0]!.id);
      expect(rows.filter((r) => r.status !== 'OPEN').every((r) => r.status === 'CANCELLED')).toBe(true);
      // At the gateways too, only that order can still be paid (orders of losing creates were withdrawn).
      const openOrders = (await openGatewayOrders()).filter((ref) => !openBefore.has(ref));
      expect(openOrders).toEqual([open[0]!.gatewayRef]);
    }
  });

  it('a payment racing a cancel either credits (QR PAID) or is refused (QR CANCELLED), 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await signedInMember(t, 0);
      const { qrcodeId } = (await createQr(t, m, 'WW', 100)).json();
      const [paid, cancelled] = await Promise.all([payQr(t, qrcodeId), deleteQr(t, m, qrcodeId)]);
      expect(cancelled.statusCode).toBe(200);
      const [row] = await rowsOf(m.memberId);
      const wallet = (await balances(t, m)).wallet;
      if (paid.statusCode === 200) expect([row!.status, wallet]).toEqual(['PAID', 100]);
      else expect([row!.status, wallet, paid.json().reason]).toEqual(['CANCELLED', 0, 'CANCELLED']);
    }
  });
});
