// Which withdrawals are paid at once and which wait for an operator (decision 055): the member's
// last 24 h, a first withdrawal, deposits not played through; and what the withdraw modal is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activatePromotion, checkActive, creditFromOutside } from '../bonus/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { gameUsername, providerBet, testClock } from '../turnover/testing.ts';
import { balances, call, type Member } from '../wallet/testing.ts';
import { createPayoutWorker } from './payout.job.ts';
import {
  ageWithdrawals,
  checkWithdrawals,
  operator,
  playedMember,
  review,
  sandboxOf,
  setUnplayed,
  unplayedOf,
  WITHDRAW_TEST_ENV,
  withdraw,
  withdrawalsOf,
} from './testing.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV, { now: clock.now });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkWithdrawals(t)).toEqual([]);
  await t.close();
});

/** Withdraws and answers the withdrawal's status and review reasons as the operator sees them. */
async function decided(m: Member, amount: number) {
  const res = await withdraw(t, m, { amount });
  expect(res.statusCode).toBe(200);
  const [w] = (await withdrawalsOf(t, m.memberId)).filter((x) => x.withdrawalId === res.json().withdrawId);
  return { answer: res.json().status as string, status: w!.status, reasons: w!.reviewReasons, id: w!.withdrawalId };
}

/** A member who was paid once already (more than 24 h ago): only the 24 h rules apply. */
async function paidBefore(amount: number): Promise<Member> {
  const m = await playedMember(t, amount + 1000);
  expect((await decided(m, 1000)).status).toBe('PAID');
  await ageWithdrawals(t, m.memberId, 25);
  return m;
}

describe('withdrawals over a rolling 24 h (BAHT: 5 000 at once, 10 000 and 3 a day)', () => {
  it('3 × 5 000: the first two are paid at once, the third waits for daily-amount; 25 h later one is paid again', async () => {
    const m = await paidBefore(20_000);
    expect(await decided(m, 5000)).toMatchObject({ answer: 'SUCCESS', status: 'PAID', reasons: [] });
    expect(await decided(m, 5000)).toMatchObject({ answer: 'SUCCESS', status: 'PAID', reasons: [] });
    expect(await decided(m, 5000)).toMatchObject({
      answer: 'PENDING',
      status: 'WAITING_APPROVAL',
      reasons: ['daily-amount'],
    });
    expect((await balances(t, m)).wallet).toBe(5000);
    await ageWithdrawals(t, m.memberId, 25);
    expect(await decided(m, 5000)).toMatchObject({ status: 'PAID', reasons: [] });
  });

  it('a fourth withdrawal in 24 h waits for daily-count; a rejected one is not counted', async () => {
    const m = await paidBefore(10_000);
    for (let i = 0; i < 3; i++) expect((await decided(m, 500)).status).toBe('PAID');
    const fourth = await decided(m, 500);
    expect(fourth).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['daily-count'] });
    expect((await operator(t, 'reject', fourth.id)).json()).toMatchObject({ status: 'REJECTED' });
    expect(await decided(m, 500)).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['daily-count'] });

    const other = await paidBefore(20_000);
    const big = await decided(other, 6000);
    expect(big).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['above-auto-max'] });
    await operator(t, 'reject', big.id);
    expect(await decided(other, 5000)).toMatchObject({ status: 'PAID' });
    expect(await decided(other, 5000)).toMatchObject({ status: 'PAID' });
  });

  it("a member's first withdrawal above 2 000 waits for first-withdrawal; after one is paid it does not", async () => {
    const a = await playedMember(t, 10_000);
    expect(await decided(a, 2000.01)).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['first-withdrawal'] });
    // A waiting withdrawal is not a paid one.
    expect(await decided(a, 2500)).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['first-withdrawal'] });

    const b = await playedMember(t, 10_000);
    expect(await decided(b, 2000)).toMatchObject({ status: 'PAID', reasons: [] });
    expect(await decided(b, 3000)).toMatchObject({ status: 'PAID', reasons: [] });
  });
});

describe('deposits not played through (members.unplayed)', () => {
  it('a deposit withdrawn at once waits with reason unplayed and takes its unplayed part out', async () => {
    const m = await playedMember(t, 0);
    await creditFromOutside(t, m, 800);
    expect(await unplayedOf(t, m.memberId)).toBe(80_000n);
    expect(await decided(m, 500)).toMatchObject({
      answer: 'PENDING',
      status: 'WAITING_APPROVAL',
      reasons: ['unplayed'],
    });
    expect(await unplayedOf(t, m.memberId)).toBe(30_000n);
  });

  it('bets reported by the provider are counted before the review and the withdrawal: played through, it is paid', async () => {
    const m = await playedMember(t, 0);
    await creditFromOutside(t, m, 800);
    const username = await gameUsername(t, m, 'JOKER');
    await providerBet(t, 'JOKER', username, 500_00n);
    clock.advance(1_000);
    expect(await review(t, m)).toMatchObject({ turnoverLeft: 300, autoApproveUpTo: 0 });
    await providerBet(t, 'JOKER', username, 300_00n);
    clock.advance(1_000);
    expect(await decided(m, 500)).toMatchObject({ answer: 'SUCCESS', status: 'PAID', reasons: [] });
    expect(await unplayedOf(t, m.memberId)).toBe(0n);
  });

  it('the unplayed part leaves first; rejected by the operator, it comes back with the money', async () => {
    const m = await playedMember(t, 1000);
    await setUnplayed(t, m.memberId, 300_00n);
    const w = await decided(m, 500);
    expect(w).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['unplayed'] });
    expect(await unplayedOf(t, m.memberId)).toBe(0n);
    expect((await review(t, m)).turnoverLeft).toBe(0);

    expect((await operator(t, 'reject', w.id)).json()).toMatchObject({ status: 'REJECTED' });
    expect(await unplayedOf(t, m.memberId)).toBe(300_00n);
    expect((await balances(t, m)).wallet).toBe(1000);
    // Rejected twice: given back once.
    await operator(t, 'reject', w.id);
    expect(await unplayedOf(t, m.memberId)).toBe(300_00n);
  });

  it('approved by the operator but refused by the bank, the unplayed part comes back too', async () => {
    const m = await playedMember(t, 1000);
    await setUnplayed(t, m.memberId, 200_00n);
    const w = await decided(m, 150);
    expect(await unplayedOf(t, m.memberId)).toBe(50_00n);
    await operator(t, 'approve', w.id);
    sandboxOf(t).faults.set({ next: ['reject'], methods: ['pay'] });
    await createPayoutWorker(t.ctx).runOnce();
    sandboxOf(t).faults.reset();
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'REJECTED' });
    expect(await unplayedOf(t, m.memberId)).toBe(200_00n);
    expect((await balances(t, m)).wallet).toBe(1000);
  });
});

describe('money of a withdrawal held before a grant', () => {
  it('comes back during the condition and raises it: the target still needs play', async () => {
    const m = await playedMember(t, 10_000);
    const w = await decided(m, 10_000);
    expect(w.status).toBe('WAITING_APPROVAL');
    expect((await activatePromotion(t, m, 'KRAPAO100')).statusCode).toBe(200);
    const before = (await checkActive(t, m)).progress;
    expect((await operator(t, 'reject', w.id)).json()).toMatchObject({ status: 'REJECTED' });
    const after = await checkActive(t, m);
    expect(after.status).toBe(true);
    expect(after.progress).toMatchObject({
      balance: 10_100,
      startCredit: before.startCredit + 10_000,
      target: before.target + 10_000,
    });
    expect((await withdraw(t, m, { amount: 10_100 })).json()).toMatchObject({ message: 'BONUS_REMAINING' });
  });
});

describe('GET /api/wallet/withdraw/review', () => {
  it('answers the turnover left and the largest amount paid at once, in baht', async () => {
    const m = await playedMember(t, 20_000);
    const limits = { withdrawMin: 100, withdrawMax: 50_000 };
    expect(await review(t, m)).toEqual({ turnoverLeft: 0, autoApproveUpTo: 2000, ...limits });
    await decided(m, 1000);
    expect(await review(t, m)).toEqual({ turnoverLeft: 0, autoApproveUpTo: 5000, ...limits });
    await decided(m, 5000);
    expect(await review(t, m)).toEqual({ turnoverLeft: 0, autoApproveUpTo: 4000, ...limits });
    await decided(m, 100);
    // Three in 24 h: the next waits whatever its amount.
    expect((await review(t, m)).autoApproveUpTo).toBe(0);

    await setUnplayed(t, m.memberId, 123_45n);
    await ageWithdrawals(t, m.memberId, 25);
    expect(await review(t, m)).toEqual({ turnoverLeft: 123.45, autoApproveUpTo: 0, ...limits });
  });

  it('is the same rule as the decision: the figure is paid at once, a satang more waits', async () => {
    const [a, b] = [await paidBefore(20_000), await paidBefore(20_000)];
    for (const m of [a, b]) expect(await decided(m, 7000.5)).toMatchObject({ reasons: ['above-auto-max'] });
    expect((await review(t, a)).autoApproveUpTo).toBe(2999.5);
    expect(await decided(a, 2999.51)).toMatchObject({ status: 'WAITING_APPROVAL', reasons: ['daily-amount'] });
    expect(await decided(b, 2999.5)).toMatchObject({ status: 'PAID', reasons: [] });
    expect((await review(t, b)).autoApproveUpTo).toBe(0);
  });

  it('answers 401 invalid-token without a session and is not stored by caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/withdraw/review' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid-token' });
    const m = await playedMember(t, 0);
    expect((await call(t, m, 'GET', '/api/wallet/withdraw/review')).headers['cache-control']).toBe('no-store');
  });
});
