// Withdrawals under real concurrency on PostgreSQL (PGlite has one connection and cannot
// show a race): parallel requests never overdraw, parallel payout workers never pay twice, and a
// withdrawal of a deposit and a bonus on that deposit never both succeed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activateBonus, conditionsOf } from '../bonus/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, signedInMember } from '../wallet/testing.ts';
import { createPayoutWorker } from './payout.job.ts';
import {
  bankRows,
  checkWithdrawals,
  operator,
  playedMember,
  sandboxOf,
  WITHDRAW_TEST_ENV,
  withdraw,
  withdrawalsOf,
} from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('withdrawals on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(WITHDRAW_TEST_ENV);
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkWithdrawals(t)).toEqual([]);
    await t.close();
  });

  it('50 parallel withdrawals of a balance that covers one: exactly one succeeds, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await playedMember(t, 100);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => withdraw(t, m, { amount: 100 }, `wd-race-${trial}-${i}-${m.memberId}`)),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      const refused = results.filter((r) => r.statusCode !== 200).map((r) => r.json().message);
      expect(refused).toEqual(Array(49).fill('MONEY_NOT_ENOUGH'));
      expect((await balances(t, m)).wallet).toBe(0);
      const made = await withdrawalsOf(t, m.memberId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ withdrawalId: ok[0]!.json().withdrawId, status: 'PAID' });
    }
  });

  it('a withdrawal of the whole deposit and WELCOME on it, sent together: exactly one wins, 100 trials', async () => {
    const winners = { withdraw: 0, bonus: 0 };
    for (let trial = 0; trial < 100; trial++) {
      const m = await signedInMember(t, 300);
      const [w, b] = await Promise.all([
        withdraw(t, m, { amount: 300 }, `wd-bonus-${trial}-${m.memberId}`),
        activateBonus(t, m, 'WELCOME'),
      ]);
      const outcome = [w.statusCode, b.statusCode, w.json().message, b.json().message];
      if (w.statusCode === 200) {
        expect(outcome).toEqual([200, 409, 'SUCCESS', 'BONUS_CONDITION']);
        expect(await conditionsOf(t, m.memberId)).toEqual([]);
        expect((await balances(t, m)).wallet).toBe(0);
        winners.withdraw++;
      } else {
        expect(outcome.slice(0, 3)).toEqual([409, 200, 'BONUS_REMAINING']);
        expect(await withdrawalsOf(t, m.memberId)).toEqual([]);
        expect((await balances(t, m)).wallet).toBe(600);
        winners.bonus++;
      }
    }
    expect(winners.withdraw + winners.bonus).toBe(100);
  });

  it('two payout workers at once over 30 approved withdrawals pay each exactly once', async () => {
    const ids: string[] = [];
    for (let member = 0; member < 3; member++) {
      const m = await playedMember(t, 60_000);
      for (let i = 0; i < 10; i++) {
        const res = await withdraw(t, m, { amount: 6000 });
        expect(res.json().status).toBe('PENDING');
        ids.push(res.json().withdrawId);
      }
    }
    for (const id of ids) expect((await operator(t, 'approve', id)).json().status).toBe('APPROVED');

    const pay = vi.spyOn(sandboxOf(t), 'pay');
    // Each payment takes a while, so the two workers' passes overlap.
    sandboxOf(t).faults.set({ slowMs: 20, methods: ['pay'] });
    const a = createPayoutWorker(t.ctx);
    const b = createPayoutWorker(t.ctx);
    let passes = 0;
    while (passes++ < 10) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      if (x + y === 0) break;
    }
    sandboxOf(t).faults.reset();

    const paidIds = pay.mock.calls.map(([request]) => String(request.withdrawalId));
    expect(paidIds.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', amount: 600_000n }]);
  });
});
