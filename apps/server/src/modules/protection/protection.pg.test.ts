// Parallel asks against a deposit limit on PostgreSQL (PGlite has one connection and cannot show a
// race): however they interleave, what is credited never exceeds the limit.
import { protectionPaths } from '@krapao/contracts/protection';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createQr, payQr } from '../deposit/qr/testing.ts';
import { encryptLink, newVoucher, sendLink, setDepositLookup, voucherRow } from '../deposit/truemoney/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { DEPOSIT_HOLD } from './deposit-limit.ts';
import { events, pcall } from './protection-testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('deposit limits on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUEMONEY_INTERVAL_MS: '0', QR_JOB_INTERVAL_MS: '0' });
    await setDepositLookup(t, { minimumDeposit: 1 });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  async function credited(m: Member): Promise<bigint> {
    const [row] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerTransactions.amount}), 0)` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, m.memberId), eq(ledgerTransactions.type, 'DEPOSIT')));
    return BigInt(row?.sum ?? 0);
  }

  async function limited(baht: number) {
    const m = await signedInMember(t, 0);
    const res = await pcall(t, m, 'PUT', protectionPaths.limit, { kind: 'DEPOSIT', period: 'DAY', amount: baht });
    expect(res.statusCode).toBe(200);
    return m;
  }

  it('20 gift links at once against a limit that fits one: one is redeemed, the rest stay with the member', async () => {
    const m = await limited(100);
    const vouchers = await Promise.all(Array.from({ length: 20 }, () => newVoucher(t, 60)));
    const results = await Promise.all(
      vouchers.map((v, i) => sendLink(t, m, encryptLink(v.link), `pg-tl-${m.memberId}-${i}-${Date.now()}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.json().message, r.body).toBe('PROTECTION_DEPOSIT_LIMIT');
    }
    expect(await credited(m)).toBe(60_00n);
    const statuses = await Promise.all(vouchers.map(async (v) => (await voucherRow(t, v.voucher)).status));
    expect(statuses.filter((s) => s === 'AVAILABLE')).toHaveLength(19);
    expect(await events(t, m.memberId, 'DEPOSIT_LIMIT_REFUSED')).toHaveLength(19);
    expect(await events(t, m.memberId, DEPOSIT_HOLD)).toEqual([]);
  });

  it('20 QR creates at once, each paid: what is credited stays within the limit', async () => {
    const m = await limited(100);
    const results = await Promise.all(Array.from({ length: 20 }, () => createQr(t, m, 'KBANK', 60)));
    const created = results.filter((r) => r.statusCode === 200).map((r) => r.json().qrcodeId as string);
    expect(created.length).toBeGreaterThanOrEqual(1);
    await Promise.all(created.map((id) => payQr(t, id)));
    expect(await credited(m)).toBe(60_00n);
  });
});
