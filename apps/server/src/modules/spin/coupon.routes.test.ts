import { spinPaths } from '@krapao/contracts/spin';
import { statementPaths } from '@krapao/contracts/statement';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, creditConditions, spinSlices } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCreditConditions } from '../bonus/credit-condition.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../wallet/testing.ts';
import { COUPON_FROM_CODE } from './coupon.service.ts';
import {
  activeWheelId,
  checkCoupons,
  claim,
  couponsOf,
  insertCoupon,
  newKey,
  onlySlice,
  setCoins,
  spin,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkCoupons(t)).toEqual([]);
  await t.close();
});

async function conditionsOf(memberId: number) {
  return t.db.select().from(creditConditions).where(eq(creditConditions.memberId, memberId));
}

async function statement(m: Member) {
  return (await call(t, m, 'POST', statementPaths.statement, { page: 1, limit: 10 })).json();
}

/** A coupon won through the wheel: the slice `code` is the only one that can come up. */
async function won(m: Member, code = 'B20'): Promise<string> {
  await setCoins(t, m.memberId, 1);
  const restore = await onlySlice(t, code);
  try {
    return (await spin(t, m, newKey())).json().coupon;
  } finally {
    await restore();
  }
}

function expectRefused(res: Awaited<ReturnType<typeof claim>>, code: string, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(code);
}

describe('GET /api/spinwheel/coupon', () => {
  it("lists the member's OPEN unexpired coupons newest first, with the slice's label and description", async () => {
    const m = await signedInMember(t, 0);
    const other = await signedInMember(t, 0);
    const claimed = await won(m, 'B10');
    expect((await claim(t, m, claimed, newKey())).statusCode).toBe(200);
    const older = await won(m, 'B5');
    const newer = await won(m, 'B100');
    await insertCoupon(t, m.memberId, { sliceCode: 'B10', expiresAt: new Date(Date.now() - 1000) });
    await won(other, 'B50');

    const res = await call(t, m, 'GET', spinPaths.coupon);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { _id: string }) => c._id)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      _id: newer,
      prize: { name: expect.stringContaining('100'), slice: { label: '100฿', htmlDescription: expect.any(String) } },
      amount: 100,
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(list[1]).toMatchObject({ amount: 5, prize: { slice: { label: '5฿' } } });
  });
});

describe('POST /api/spinwheel/coupon/claim', () => {
  it('credits the amount once, as a bonus statement row with the lucky-draw description; a second claim is refused', async () => {
    const m = await signedInMember(t, 100);
    const id = await won(m, 'B20');
    const res = await claim(t, m, id, newKey());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', amount: 20 });
    expect((await balances(t, m)).wallet).toBe(120);

    const s = await statement(m);
    expect(s.total).toBe(2);
    expect(s.statements[0]).toMatchObject({
      statementType: 'bonus',
      from: COUPON_FROM_CODE,
      to: 'WALLET',
      amount: 20,
      status: 'SUCCESS',
      luckydraw: { description: expect.stringContaining('20') },
    });
    const [row] = await couponsOf(t, m.memberId);
    expect(row).toMatchObject({ status: 'CLAIMED', transactionId: Number(s.statements[0]._id) });
    expect((await call(t, m, 'GET', spinPaths.coupon)).json()).toEqual([]);

    expectRefused(await claim(t, m, id, newKey()), 'NO_CLAIMABLE_COUPON', 404);
    expect((await balances(t, m)).wallet).toBe(120);
    expect((await statement(m)).total).toBe(2);
  });

  it('starts a coupon condition with the couponRules percentages: no withdrawal until it ends, and a cancel takes the coupon back', async () => {
    const m = await signedInMember(t, 100);
    const id = await won(m, 'B20');
    expect((await claim(t, m, id, newKey())).json()).toEqual({ message: 'SUCCESS', amount: 20 });
    const check = (await call(t, m, 'GET', '/api/bonus/check/active')).json();
    // Start 120 (the total after the credit), target +10 %, fail line 10 % (the seeded couponRules).
    expect(check).toEqual({
      status: true,
      type: 'coupon',
      progress: {
        kind: 'coupon',
        code: COUPON_FROM_CODE,
        bonusAmount: 20,
        startCredit: 120,
        balance: 120,
        target: 132,
        failBelow: 12,
        percentFail: 10,
        cancelTakesBack: 20,
      },
    });
    const [grant] = (await statement(m)).statements;
    const [condition] = await conditionsOf(m.memberId);
    expect(condition).toMatchObject({ kind: 'coupon', status: 'ACTIVE', grantTransactionId: Number(grant._id) });

    const wd = await call(t, m, 'POST', '/api/wallet/withdraw', { amount: 100 }, newKey());
    expect(wd.statusCode).toBe(409);
    expect(wd.json()).toMatchObject({ message: 'BONUS_REMAINING' });

    const cleared = await call(t, m, 'GET', '/api/bonus/clear', undefined, newKey());
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 20 });
    expect((await balances(t, m)).wallet).toBe(100);
    expect((await statement(m)).statements[0]).toMatchObject({
      statementType: 'finish_bonus',
      from: 'WALLET',
      to: COUPON_FROM_CODE,
      amount: 20,
      luckydraw: { description: expect.stringContaining('20') },
    });
  });

  it('the same Idempotency-Key replays the first answer without crediting again', async () => {
    const m = await signedInMember(t, 0);
    const id = await won(m, 'B5');
    const key = newKey();
    const first = await claim(t, m, id, key);
    const again = await claim(t, m, id, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await balances(t, m)).wallet).toBe(5);
  });

  it("an unknown coupon or another member's coupon is INVALID_CODE and moves nothing", async () => {
    const m = await signedInMember(t, 0);
    const other = await signedInMember(t, 0);
    const theirs = await won(other, 'B10');
    expectRefused(await claim(t, m, 'no-such-coupon', newKey()), 'INVALID_CODE', 400);
    expectRefused(await claim(t, m, theirs, newKey()), 'INVALID_CODE', 400);
    expect((await balances(t, m)).wallet).toBe(0);
    expect((await couponsOf(t, other.memberId))[0]!.status).toBe('OPEN');
  });

  it('an expired coupon is COUPON_EXPIRED and stays unclaimed', async () => {
    const m = await signedInMember(t, 0);
    const id = await won(m, 'B10');
    await t.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, id));
    expectRefused(await claim(t, m, id, newKey()), 'COUPON_EXPIRED', 400);
    expect((await couponsOf(t, m.memberId))[0]!.status).toBe('OPEN');
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('a coupon of a no-prize slice is INVALID_COUPON_TYPE; a coupon whose slice is gone is INVALID_PRIZE_CODE', async () => {
    const m = await signedInMember(t, 0);
    const none = await insertCoupon(t, m.memberId, { sliceCode: 'TRY1' });
    expectRefused(await claim(t, m, none, newKey()), 'INVALID_COUPON_TYPE', 400);
    const gone = await insertCoupon(t, m.memberId, { sliceCode: 'REMOVED' });
    expectRefused(await claim(t, m, gone, newKey()), 'INVALID_PRIZE_CODE', 400);
    const zero = await insertCoupon(t, m.memberId, { sliceCode: 'B10', amount: 0n });
    expectRefused(await claim(t, m, zero, newKey()), 'INVALID_COUPON_TYPE', 400);
    expect((await balances(t, m)).wallet).toBe(0);
    expect((await couponsOf(t, m.memberId)).every((c) => c.status === 'OPEN')).toBe(true);
  });

  it('a slice switched to no prize after the spin makes its coupon INVALID_COUPON_TYPE', async () => {
    const m = await signedInMember(t, 0);
    const id = await won(m, 'B50');
    const where = and(eq(spinSlices.wheelId, await activeWheelId(t)), eq(spinSlices.code, 'B50'));
    await t.db.update(spinSlices).set({ prizeType: 'NONE' }).where(where);
    try {
      expectRefused(await claim(t, m, id, newKey()), 'INVALID_COUPON_TYPE', 400);
    } finally {
      await t.db.update(spinSlices).set({ prizeType: 'CREDIT' }).where(where);
    }
    expect((await claim(t, m, id, newKey())).json()).toEqual({ message: 'SUCCESS', amount: 50 });
  });

  it('while a credit condition is active the claim is BONUS_REMAINING and the coupon stays open', async () => {
    const m = await signedInMember(t, 100);
    const id = await won(m, 'B10');
    const ledger = createLedger(t.ctx);
    const conditions = createCreditConditions(t.ctx);
    await t.db.transaction(async (tx) =>
      conditions.grant(tx, {
        memberId: m.memberId,
        currency: 'BAHT',
        kind: 'promotion',
        sourceCode: 'SPIN-TEST',
        amount: 5000n,
        fromAccountId: await ledger.houseAccountId(HOUSE.BONUS_EXPENSE, 'BAHT', m.memberId, tx),
        description: 'Spin test promotion',
        targetMultiple: 3,
        percentFail: 10,
      }),
    );
    expect(await conditions.active(m.memberId)).not.toBeNull();
    expectRefused(await claim(t, m, id, newKey()), 'BONUS_REMAINING', 409);
    expect((await couponsOf(t, m.memberId))[0]!.status).toBe('OPEN');
    expect((await balances(t, m)).wallet).toBe(150);
  });

  it('a missing or empty coupon is refused as bad input', async () => {
    const m = await signedInMember(t, 0);
    const missing = await call(t, m, 'POST', spinPaths.claim, {}, newKey());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('KEY_MISSING');
    const empty = await claim(t, m, '  ', newKey());
    expect(empty.json().message).toBe('KEY_INVALID');
    const extra = await call(t, m, 'POST', spinPaths.claim, { coupon: 'x', amount: 1000 }, newKey());
    expect(extra.json().message).toBe('KEY_INVALID');
  });
});
