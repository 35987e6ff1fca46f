// The deposit and withdrawal invariants of ledger:check report a half-written state; the wallet
// credit invariant reports money that reached a wallet by no rule of the house.
import { devPaths } from '@krapao/contracts/dev';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositReferences, withdrawals } from '../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCreditConditions } from '../bonus/credit-condition.ts';
import { createDepositCredit } from '../deposit/credit.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { HOUSE, type HouseCode } from './house-accounts.ts';
import { createLedger } from './ledger.service.ts';
import { checkLedger } from './ledger-check.ts';
import { memberWithMoney } from './ledger-testing.ts';
import { ensureMemberAccount, INVITE_ACCOUNT } from './member-account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = async () => (await checkLedger(t.db)).map((p) => p.check);

describe('ledger:check on deposits and withdrawals', () => {
  it('reports an outside reference whose deposit is missing', async () => {
    const m = await signedInMember(t, 0);
    expect(await names()).toEqual([]);
    await t.db.insert(depositReferences).values({ source: 'BANK', reference: '004:LOST', memberId: m.memberId });
    expect(await names()).toEqual(['every outside reference that credited a wallet has its one deposit']);
    await t.db.delete(depositReferences).where(eq(depositReferences.reference, '004:LOST'));
  });

  it('reports a withdrawal whose status disagrees with the money held for it', async () => {
    const m = await signedInMember(t, 10_000);
    const res = await call(t, m, 'POST', '/api/wallet/withdrawAll', { amount: 6_000 }, 'check-w1');
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    expect(await names()).toEqual([]);
    await t.db.update(withdrawals).set({ status: 'PAID' }).where(eq(withdrawals.memberId, m.memberId));
    expect(await names()).toEqual([
      'no withdrawal half-written: held ones sit in withdrawals payable, paid and rejected ones are settled',
    ]);
    await t.db.update(withdrawals).set({ status: 'WAITING_APPROVAL' }).where(eq(withdrawals.memberId, m.memberId));
    expect(await names()).toEqual([]);
  });
});

const WALLET_CHECK =
  'every credit to a member wallet traces to a deposit, a transfer back, a withdrawal returned or a granted condition';

/** The transaction ids the wallet credit invariant reports. */
const untraced = async () =>
  ((await checkLedger(t.db)).find((p) => p.check === WALLET_CHECK)?.rows ?? []).map((r) =>
    String((r as { transaction_id: unknown }).transaction_id),
  );

/** A bonus of `amount` satang granted under a credit condition, as the promotions grant it. */
async function granted(memberId: number, amount: bigint) {
  const ledger = createLedger(t.ctx);
  return t.db.transaction(async (tx) =>
    createCreditConditions(t.ctx).grant(tx, {
      memberId,
      currency: 'BAHT',
      kind: 'promotion',
      sourceCode: 'CHECKTEST',
      amount,
      fromAccountId: await ledger.houseAccountId(HOUSE.BONUS_EXPENSE, 'BAHT', memberId, tx),
      description: 'check test',
      targetMultiple: 2,
      percentFail: 10,
    }),
  );
}

/** 50 baht from a house account straight into the member's wallet, booked by hand. */
async function handCredit(memberId: number, type: string, house: HouseCode, metadata: Record<string, unknown> = {}) {
  const ledger = createLedger(t.ctx);
  return t.db.transaction(async (tx) => {
    const wallet = await ledger.memberAccount(memberId, 'WALLET', tx);
    const from = await ledger.houseAccountId(house, 'BAHT', memberId, tx);
    const row = await ledger.open(tx, {
      memberId,
      type,
      status: 'SUCCESS',
      statementType: null,
      fromCode: house,
      toCode: 'WALLET',
      amount: 5_000n,
      currency: 'BAHT',
      metadata,
    });
    await ledger.post(tx, row.id, [
      { accountId: from, amount: -5_000n },
      { accountId: wallet!.id, amount: 5_000n },
    ]);
    return String(row.id);
  });
}

describe('ledger:check on credits to member wallets', () => {
  it('passes the demo seed, deposits, transfers back, a rejected withdrawal and a granted bonus', async () => {
    const m = await signedInMember(t, 7_000);
    const credited = await createDepositCredit(t.ctx).credit({
      memberId: m.memberId,
      amount: 50_000n,
      currency: 'BAHT',
      source: 'BANK',
      reference: 'SCB:CHECK-CLEAN-1',
      fromCode: 'SCB',
    });
    expect(credited.credited).toBe(true);
    expect((await call(t, m, 'GET', '/api/wallet/activate/JOKER')).statusCode).toBe(200);
    const there = { from: 'WALLET', to: 'JOKER', amount: 300 };
    expect((await call(t, m, 'POST', '/api/wallet/transfer', there, 'check-t1')).statusCode).toBe(200);
    const back = { from: 'JOKER', to: 'WALLET', amount: 300 };
    expect((await call(t, m, 'POST', '/api/wallet/transfer', back, 'check-t2')).statusCode).toBe(200);
    const held = await call(t, m, 'POST', '/api/wallet/withdrawAll', { amount: 6_000 }, 'check-w2');
    expect(held.json()).toMatchObject({ status: 'PENDING' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: devPaths.withdrawalReject.replace(':withdrawalId', held.json().withdrawId),
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
    await granted(m.memberId, 10_000n);
    expect(await names()).toEqual([]);
  });

  it('reports each credit from the house with no deposit reference, no returned withdrawal and no condition', async () => {
    const m = await memberWithMoney(t.db, 0n);
    const other = await memberWithMoney(t.db, 0n);
    const otherCondition = await granted(other, 2_000n);
    const bad = [
      await handCredit(m, 'DEPOSIT', HOUSE.DEPOSITS_CLEARING),
      await handCredit(m, 'BONUS', HOUSE.BONUS_EXPENSE),
      // A coupon credited outside the condition engine.
      await handCredit(m, 'COUPON', HOUSE.BONUS_EXPENSE, { couponId: 'c-1' }),
      // Another member's condition does not cover this one.
      await handCredit(m, 'BONUS', HOUSE.BONUS_EXPENSE, { conditionId: otherCondition.id }),
      await handCredit(m, 'TRANSFER', HOUSE.GAME_RESULTS),
      await handCredit(m, 'WITHDRAW', HOUSE.WITHDRAWALS_PAYABLE),
      await handCredit(m, 'GAME_RESULT', HOUSE.GAME_RESULTS),
    ];
    expect(await untraced()).toEqual(bad);
    expect(await names()).toEqual([WALLET_CHECK]);
  });

  it("a move between members' own wallets and games is traced, one transaction for many; INVITE straight to WALLET is not", async () => {
    const before = await untraced();
    const ledger = createLedger(t.ctx);
    const a = await signedInMember(t, 100);
    const b = await signedInMember(t, 100);
    for (const m of [a, b]) expect((await call(t, m, 'GET', '/api/wallet/activate/JOKER')).statusCode).toBe(200);
    // One transaction row carrying both members' game → wallet moves (each member's own money).
    const moved = await t.db.transaction(async (tx) => {
      const row = await ledger.open(tx, {
        memberId: null,
        type: 'ADJUST',
        status: 'SUCCESS',
        statementType: null,
        fromCode: 'JOKER',
        toCode: 'WALLET',
        amount: 0n,
        currency: 'BAHT',
      });
      for (const m of [a, b]) {
        const wallet = await ledger.memberAccount(m.memberId, 'WALLET', tx);
        const game = await ledger.memberAccount(m.memberId, 'JOKER', tx);
        await ledger.post(tx, row.id, [
          { accountId: wallet!.id, amount: -1_000n },
          { accountId: game!.id, amount: 1_000n },
        ]);
        await ledger.post(tx, row.id, [
          { accountId: game!.id, amount: -1_000n },
          { accountId: wallet!.id, amount: 1_000n },
        ]);
      }
      return String(row.id);
    });
    // The member's INVITE share moved to the wallet without the claim's condition.
    const skipped = await t.db.transaction(async (tx) => {
      const wallet = await ledger.memberAccount(a.memberId, 'WALLET', tx);
      const invite = await ensureMemberAccount(tx, a.memberId, INVITE_ACCOUNT, 'BAHT');
      const expense = await ledger.houseAccountId(HOUSE.REFERRAL_EXPENSE, 'BAHT', a.memberId, tx);
      const row = await ledger.open(tx, {
        memberId: a.memberId,
        type: 'INVITE_CLAIM',
        status: 'SUCCESS',
        statementType: null,
        fromCode: INVITE_ACCOUNT,
        toCode: 'WALLET',
        amount: 500n,
        currency: 'BAHT',
      });
      await ledger.post(tx, row.id, [
        { accountId: expense, amount: -500n },
        { accountId: invite.id, amount: 500n },
      ]);
      await ledger.post(tx, row.id, [
        { accountId: invite.id, amount: -500n },
        { accountId: wallet!.id, amount: 500n },
      ]);
      return String(row.id);
    });
    const now = await untraced();
    expect(now).not.toContain(moved);
    expect(now).toEqual([...before, skipped]);
  });
});
