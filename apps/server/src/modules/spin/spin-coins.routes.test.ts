// Spin coins vest on play (decision 055): a deposit alone earns none; its played part becomes a
// coin per coinPer, the rest carrying over, once per turnover row.
import { spinPaths } from '@krapao/contracts/spin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinWheels } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDepositCredit, type DepositCredit } from '../deposit/credit.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import {
  coinProgressOf,
  playThrough,
  settleAndSync,
  setUnplayed,
  testClock,
  turnoverRowsOf,
} from '../turnover/testing.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { createSpinRepository } from './spin.repository.ts';
import { coinsFor, vestSpinCoins } from './spin-coins.ts';
import { activeWheelId, coinsOf, grantsOf } from './testing.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

let refs = 0;
function bankDeposit(memberId: number, amount: bigint): DepositCredit {
  refs += 1;
  return {
    memberId,
    amount,
    currency: 'BAHT',
    source: 'BANK',
    reference: `spin-coins-${process.pid}-${Date.now()}-${refs}`,
    fromCode: 'KBANK',
  };
}

describe('coinsFor', () => {
  it('is floor(amount / coinPer), none for nothing or a rate of zero', () => {
    expect(coinsFor(25_000n, 10_000n)).toBe(2);
    expect(coinsFor(9_999n, 10_000n)).toBe(0);
    expect(coinsFor(10_000n, 10_000n)).toBe(1);
    expect(coinsFor(10_000n, 0n)).toBe(0);
    expect(coinsFor(0n, 10_000n)).toBe(0);
  });
});

describe('spin coins from played deposits', () => {
  it('a 250 baht deposit earns nothing until played; played, it earns 2 coins and carries 50 baht', async () => {
    const m = await signedInMember(t, 0);
    expect((await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 25_000n))).credited).toBe(true);
    expect(await coinsOf(t, m.memberId)).toBe(0);
    expect(await grantsOf(t, m.memberId)).toEqual([]);

    await playThrough(t, clock, m, 25_000n);
    expect(await coinsOf(t, m.memberId)).toBe(2);
    expect(await coinProgressOf(t, m.memberId)).toBe(5_000n);
    expect((await call(t, m, 'GET', spinPaths.setup)).json().userCoin).toBe(2);
    const [row] = await turnoverRowsOf(t, m.memberId);
    expect(await grantsOf(t, m.memberId)).toMatchObject([
      { turnoverId: row!.id, depositTransactionId: null, coins: 2 },
    ]);
  });

  it('the carried part adds up across plays and deposits; a range read again adds nothing', async () => {
    const m = await signedInMember(t, 0);
    await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 30_000n));
    await playThrough(t, clock, m, 14_000n); // 1 coin, 40 carried
    await playThrough(t, clock, m, 6_000n); // 100: 1 coin, 0 carried
    await playThrough(t, clock, m, 25_000n); // only 100 left to play: 1 coin
    expect([await coinsOf(t, m.memberId), await coinProgressOf(t, m.memberId)]).toEqual([3, 0n]);
    expect((await grantsOf(t, m.memberId)).map((g) => g.coins)).toEqual([1, 1, 1]);
    expect((await settleAndSync(t, clock, 'JOKER')).rows).toBe(0);
    expect(await coinsOf(t, m.memberId)).toBe(3);

    await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 9_999n));
    await playThrough(t, clock, m, 9_999n);
    expect([await coinsOf(t, m.memberId), await coinProgressOf(t, m.memberId)]).toEqual([3, 9_999n]);
    expect(await grantsOf(t, m.memberId)).toHaveLength(3);
  });

  it('money played through already, a kip member, or no active wheel: no coins and no grant', async () => {
    const rich = await signedInMember(t, 1_000);
    await setUnplayed(t, rich.memberId, 0n); // a wallet with money but no deposit left to play through
    await playThrough(t, clock, rich, 50_000n);
    expect([await coinsOf(t, rich.memberId), await coinProgressOf(t, rich.memberId)]).toEqual([0, 0n]);

    const lak = await memberWithMoney(t.db, 0n, 'LAK');
    const wheel = await createSpinRepository(t.db).activeWheel();
    const kip = { turnoverId: 0, memberId: lak, currency: 'LAK', played: 1_000_000n };
    expect(await t.db.transaction((tx) => vestSpinCoins(tx, createSpinRepository(t.db), wheel, kip))).toBe(0);
    expect([await coinsOf(t, lak), await coinProgressOf(t, lak)]).toEqual([0, 0n]);

    const m = await signedInMember(t, 0);
    await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 50_000n));
    const wheelId = await activeWheelId(t);
    await t.db.update(spinWheels).set({ isActive: false }).where(eq(spinWheels.id, wheelId));
    try {
      await playThrough(t, clock, m, 50_000n);
    } finally {
      await t.db.update(spinWheels).set({ isActive: true }).where(eq(spinWheels.id, wheelId));
    }
    expect((await turnoverRowsOf(t, m.memberId)).map((r) => r.played)).toEqual([50_000n]);
    expect([await coinsOf(t, m.memberId), await coinProgressOf(t, m.memberId)]).toEqual([0, 0n]);
    expect(await grantsOf(t, m.memberId)).toEqual([]);
  });
});
