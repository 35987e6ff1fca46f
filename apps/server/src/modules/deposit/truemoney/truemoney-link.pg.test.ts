// The same gift link sent many times at once, by two members, on PostgreSQL (PGlite has one
// connection and cannot show a race): one redeem, one credit, whatever the timing and faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, type Member, signedInMember } from '../../wallet/testing.ts';
import { encryptLink, newVoucher, sandboxOf, sendLink, setDepositLookup, sweepWithLog, voucherRow } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('TrueMoney links on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUEMONEY_INTERVAL_MS: '0', TRUEMONEY_TIMEOUT_MS: '50' });
    await setDepositLookup(t, { minimumDeposit: 1 });
  });
  afterEach(() => sandboxOf(t).faults.reset());
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** 50 submissions of one link (25 per member, each its own key) racing a sweep pass. */
  async function race(a: Member, b: Member, trial: number) {
    const v = await newVoucher(t, 100);
    const { sweep } = sweepWithLog(t);
    const [results] = await Promise.all([
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          sendLink(t, i % 2 ? a : b, encryptLink(v.link), `race-${trial}-${i}-${a.memberId}`),
        ),
      ),
      sweep.runOnce(),
    ]);
    return { v, results, sweep };
  }

  it('50 parallel submissions of the same link by two members credit once, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const a = await signedInMember(t, 0);
      const b = await signedInMember(t, 0);
      const { v, results } = await race(a, b, trial);
      const messages = results.map((r) => r.json().message);
      expect(messages.filter((m) => m === 'SUCCESS').length).toBeGreaterThanOrEqual(1);
      expect(messages.every((m) => m === 'SUCCESS' || m === 'TRUELINK_DUPLICATE')).toBe(true);
      const wallets = [(await balances(t, a)).wallet, (await balances(t, b)).wallet].sort();
      expect(wallets).toEqual([0, 100]);
      const row = await voucherRow(t, v.voucher);
      expect(row.status).toBe('REDEEMED');
      // Whoever was credited is the member who redeemed it, and only that member was told SUCCESS.
      const winner = (await balances(t, a)).wallet === 100 ? a : b;
      expect(row.redeemedBy).toBe(String(winner.memberId));
      const succeeded = results.filter((r, i) => r.json().message === 'SUCCESS' && (i % 2 ? a : b) !== winner);
      expect(succeeded).toEqual([]);
    }
  });

  it('with redeem answers lost at random, still one credit once the sweep has run', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const a = await signedInMember(t, 0);
      const b = await signedInMember(t, 0);
      sandboxOf(t).faults.set({ lostResponseRate: 0.5, errorRate: 0.2, methods: ['redeem', 'verify'] });
      const { v, results, sweep } = await race(a, b, 100 + trial);
      sandboxOf(t).faults.reset();
      const messages = results.map((r) => r.json().message);
      expect(messages.every((m) => ['SUCCESS', 'TRUELINK_DUPLICATE', 'INTERNAL_SERVER_ERROR'].includes(m))).toBe(true);
      await sweep.runOnce();
      const total = (await balances(t, a)).wallet + (await balances(t, b)).wallet;
      // Redeemed (by whichever attempt) means credited exactly once; else every attempt failed before it.
      const redeemed = (await voucherRow(t, v.voucher)).status === 'REDEEMED';
      expect(total).toBe(redeemed ? 100 : 0);
    }
  });
});
