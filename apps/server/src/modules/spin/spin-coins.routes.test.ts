import { spinPaths } from '@krapao/contracts/spin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinWheels } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDepositCredit, type DepositCredit } from '../deposit/credit-deposit.ts';
import { afterDepositCredited } from '../deposit/deposit-rules.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { coinsFor, earnSpinCoins } from './spin-coins.ts';
import { activeWheelId, coinsOf, grantsOf } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

describe('spin coins from deposits', () => {
  it('a credited 250 baht deposit earns 2 coins (one per 100 baht), visible in setup', async () => {
    const m = await signedInMember(t, 0);
    const result = await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 25_000n));
    expect(result.credited).toBe(true);
    expect(await coinsOf(t, m.memberId)).toBe(2);
    expect((await call(t, m, 'GET', spinPaths.setup)).json().userCoin).toBe(2);
    expect(await grantsOf(t, m.memberId)).toMatchObject([
      { depositTransactionId: result.credited ? result.transactionId : 0, coins: 2 },
    ]);
  });

  it('once per deposit: the same reference again, and the rules run again on the same deposit, add nothing', async () => {
    const m = await signedInMember(t, 0);
    const deposit = bankDeposit(m.memberId, 30_000n);
    const first = await createDepositCredit(t.ctx).credit(deposit);
    expect(first.credited).toBe(true);
    if (!first.credited) return;
    expect((await createDepositCredit(t.ctx).credit(deposit)).credited).toBe(false);
    await afterDepositCredited(t.ctx, { ...deposit, transactionId: first.transactionId });
    expect(await earnSpinCoins(t.ctx, { ...deposit, transactionId: first.transactionId })).toBe(0);
    expect(await coinsOf(t, m.memberId)).toBe(3);
    expect(await grantsOf(t, m.memberId)).toHaveLength(1);

    const second = await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 10_000n));
    expect(second.credited).toBe(true);
    expect(await coinsOf(t, m.memberId)).toBe(4);
    expect(await grantsOf(t, m.memberId)).toHaveLength(2);
  });

  it('less than one coin, a kip deposit, or no active wheel: no coins and no grant', async () => {
    const m = await signedInMember(t, 0);
    await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 9_999n));
    expect(
      await earnSpinCoins(t.ctx, { memberId: m.memberId, amount: 1_000_000n, currency: 'LAK', transactionId: 0 }),
    ).toBe(0);
    const wheelId = await activeWheelId(t);
    await t.db.update(spinWheels).set({ isActive: false }).where(eq(spinWheels.id, wheelId));
    try {
      await createDepositCredit(t.ctx).credit(bankDeposit(m.memberId, 50_000n));
    } finally {
      await t.db.update(spinWheels).set({ isActive: true }).where(eq(spinWheels.id, wheelId));
    }
    expect(await coinsOf(t, m.memberId)).toBe(0);
    expect(await grantsOf(t, m.memberId)).toEqual([]);
  });
});
