// Withdrawal limits and review thresholds are per currency (decision 055): in the Laos build a LAK
// member withdraws in kip and a BAHT member in baht, each under their currency's withdrawRules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { balances } from '../wallet/testing.ts';
import { checkWithdrawals, playedMember, review, WITHDRAW_TEST_ENV, withdraw, withdrawalsOf } from './testing.ts';
import { SEED_WITHDRAW_RULES } from './withdraw-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...WITHDRAW_TEST_ENV, LAOS: 'true' });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkWithdrawals(t)).toEqual([]);
  await t.close();
});

describe('withdrawals per currency in the Laos build', () => {
  it('a LAK member: kip limits, refused below 10 000 and above 5 000 000 with the figures', async () => {
    const m = await playedMember(t, 6_000_000, 'LAK');
    expect((await withdraw(t, m, { amount: 9_999 })).json()).toEqual({ message: 'TRANSFER_MINIMUM', minimum: 10_000 });
    expect((await withdraw(t, m, { amount: 5_000_001 })).json()).toEqual({
      message: 'KEY_INVALID',
      maximum: 5_000_000,
    });
    const paid = await withdraw(t, m, { amount: 400_000 });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS', amount: 400_000 });
    expect((await balances(t, m)).wallet).toBe(5_600_000);
    expect(await review(t, m)).toEqual({
      turnoverLeft: 0,
      autoApproveUpTo: 1_000_000,
      withdrawMin: 10_000,
      withdrawMax: 5_000_000,
    });
  });

  it('a BAHT member: baht limits; an amount the kip minimum would refuse is paid at once', async () => {
    const m = await playedMember(t, 60_000, 'BAHT');
    expect((await withdraw(t, m, { amount: 99.99 })).json()).toEqual({ message: 'TRANSFER_MINIMUM', minimum: 100 });
    expect((await withdraw(t, m, { amount: 50_000.01 })).json()).toEqual({ message: 'KEY_INVALID', maximum: 50_000 });
    expect((await withdraw(t, m, { amount: 150 })).json()).toMatchObject({ status: 'SUCCESS', amount: 150 });
    // 6 000 baht is above the baht automatic limit though far below the kip one.
    expect((await withdraw(t, m, { amount: 6000 })).json()).toMatchObject({ status: 'PENDING' });
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ reviewReasons: ['above-auto-max'] });
    expect((await review(t, m)).withdrawMax).toBe(50_000);
  });

  it('a currency without rules: any positive amount may be asked for and every withdrawal waits', async () => {
    const settings = createSettingsRepository(t.db);
    await settings.set('withdrawRules', { BAHT: SEED_WITHDRAW_RULES.BAHT });
    try {
      const m = await playedMember(t, 100, 'LAK');
      expect(await review(t, m)).toMatchObject({ autoApproveUpTo: 0, withdrawMin: 0 });
      expect((await withdraw(t, m, { amount: 1 })).json()).toMatchObject({ status: 'PENDING' });
      expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'WAITING_APPROVAL' });
    } finally {
      await settings.set('withdrawRules', SEED_WITHDRAW_RULES);
    }
  });
});
