// The wheel under real concurrency on PostgreSQL (PGlite has one connection and cannot show a race):
// parallel spins never spend a coin twice, parallel claims never credit a coupon twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, signedInMember } from '../wallet/testing.ts';
import { checkCoupons, claim, coinsOf, couponsOf, newKey, onlySlice, setCoins, spin, spinsOf } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('the spin wheel on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkCoupons(t)).toEqual([]);
    await t.close();
  });

  it('50 parallel spins with one coin: exactly one spin, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await signedInMember(t, 0);
      await setCoins(t, m.memberId, 1);
      const results = await Promise.all(Array.from({ length: 50 }, () => spin(t, m, newKey())));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json().remainingCoin).toBe(0);
      const refused = results.filter((r) => r.statusCode !== 200).map((r) => r.json().message);
      expect(refused).toEqual(Array(49).fill('KEY_INVALID'));
      expect(await coinsOf(t, m.memberId)).toBe(0);
      const made = await spinsOf(t, m.memberId);
      expect(made).toHaveLength(1);
      expect(made[0]!.sliceCode).toBe(ok[0]!.json().result);
      expect((await couponsOf(t, m.memberId)).length).toBe(ok[0]!.json().coupon ? 1 : 0);
    }
  });

  it('50 parallel claims of one coupon: one credit, 20 trials', async () => {
    const restore = await onlySlice(t, 'B20');
    try {
      for (let trial = 0; trial < 20; trial++) {
        const m = await signedInMember(t, 0);
        await setCoins(t, m.memberId, 1);
        const coupon = (await spin(t, m, newKey())).json().coupon as string;
        const results = await Promise.all(Array.from({ length: 50 }, () => claim(t, m, coupon, newKey())));
        const ok = results.filter((r) => r.statusCode === 200);
        expect(ok).toHaveLength(1);
        expect(ok[0]!.json()).toEqual({ message: 'SUCCESS', amount: 20 });
        const refused = results.filter((r) => r.statusCode !== 200).map((r) => r.json().message);
        expect(refused).toEqual(Array(49).fill('NO_CLAIMABLE_COUPON'));
        expect((await balances(t, m)).wallet).toBe(20);
        expect(await couponsOf(t, m.memberId)).toMatchObject([
          { status: 'CLAIMED', transactionId: expect.any(Number) },
        ]);
      }
    } finally {
      await restore();
    }
  });
});
