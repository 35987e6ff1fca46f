// Approval, operator rejection and payout faults of withdrawals (decision 046), with the worker run by hand.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances } from '../wallet/testing.ts';
import { createPayoutWorker, type PayoutWorker } from './payout.job.ts';
import {
  bankRows,
  checkWithdrawals,
  operator,
  playedMember,
  sandboxOf,
  statement,
  WITHDRAW_TEST_ENV,
  withdraw,
  withdrawalsOf,
} from './testing.ts';

let t: TestApp;
let worker: PayoutWorker;
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV);
  worker = createPayoutWorker(t.ctx);
});
afterEach(() => {
  sandboxOf(t).faults.reset();
  vi.restoreAllMocks();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkWithdrawals(t)).toEqual([]);
  await t.close();
});

/** A member with 10 000 baht who asked for 6 000 (above the 5 000 auto-approval): waiting. */
async function waitingWithdrawal() {
  const m = await playedMember(t, 10_000);
  const res = await withdraw(t, m, { amount: 6000 });
  expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'PENDING', amount: 6000 });
  return { m, id: res.json().withdrawId as string };
}

describe('withdrawals above the auto-approval threshold', () => {
  it('are held waiting for an operator; approved, the worker pays them once', async () => {
    const { m, id } = await waitingWithdrawal();
    expect((await balances(t, m)).wallet).toBe(4000);
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ withdrawalId: id, status: 'WAITING_APPROVAL' });
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'PENDING' });
    await worker.runOnce();
    expect(await bankRows(t, id)).toEqual([]);

    const approved = await operator(t, 'approve', id);
    expect(approved.json()).toMatchObject({ withdrawalId: id, status: 'APPROVED' });
    expect((await operator(t, 'approve', id)).json()).toMatchObject({ message: 'KEY_INVALID', status: 'APPROVED' });
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'PAID' });
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });
    expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', amount: 600_000n }]);

    // Paid: a reject changes nothing.
    const late = await operator(t, 'reject', id);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'KEY_INVALID', status: 'PAID' });
    expect((await balances(t, m)).wallet).toBe(4000);
  });

  it('rejected by the operator, give the money back once; the statement row is FAILED', async () => {
    const { m, id } = await waitingWithdrawal();
    const rejected = await operator(t, 'reject', id);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', note: 'REJECTED_BY_OPERATOR' });
    expect((await balances(t, m)).wallet).toBe(10_000);
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'FAILED' });
    const twice = await operator(t, 'reject', id);
    expect(twice.json()).toMatchObject({ message: 'KEY_INVALID', status: 'REJECTED' });
    expect((await operator(t, 'approve', id)).json()).toMatchObject({ message: 'KEY_INVALID' });
    await worker.runOnce();
    expect((await balances(t, m)).wallet).toBe(10_000);
    expect(await bankRows(t, id)).toEqual([]);
  });

  it('refused by the bank when the worker pays, give the money back', async () => {
    const { m, id } = await waitingWithdrawal();
    await operator(t, 'approve', id);
    sandboxOf(t).faults.set({ next: ['reject'], methods: ['pay'] });
    await worker.runOnce();
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'REJECTED' });
    expect((await balances(t, m)).wallet).toBe(10_000);
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'FAILED' });
  });

  it('unknown withdrawal ids answer NO_DATA', async () => {
    expect((await operator(t, 'approve', 987654321)).json()).toEqual({ message: 'NO_DATA' });
  });
});

describe('payout faults', () => {
  it.each(['error5xx', 'timeout', 'lostResponse'] as const)(
    'after %s the withdrawal stays approved and the worker pays it exactly once',
    async (fault) => {
      const m = await playedMember(t, 1000);
      const pay = vi.spyOn(sandboxOf(t), 'pay');
      sandboxOf(t).faults.set({ next: [fault, 'error5xx'], methods: ['pay', 'status'] });
      const res = await withdraw(t, m, { amount: 500 });
      expect(res.json()).toMatchObject({ status: 'PENDING' });
      const id = res.json().withdrawId;
      expect((await balances(t, m)).wallet).toBe(500);
      expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'APPROVED', attempts: 1 });

      await worker.runOnce(); // the bank's status call fails too: still approved
      expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'APPROVED', attempts: 2 });
      await worker.runOnce();
      await worker.runOnce();
      expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'PAID' });
      expect(await bankRows(t, id)).toHaveLength(1);
      // A payment whose answer was lost is found by the status call, not paid again.
      expect(pay).toHaveBeenCalledTimes(fault === 'lostResponse' ? 1 : 2);
      expect((await balances(t, m)).wallet).toBe(500);
      expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });
    },
  );

  it('a payment that reaches the bank after we gave up is found, not paid twice', async () => {
    const m = await playedMember(t, 1000);
    sandboxOf(t).faults.set({ next: ['slow'], slowMs: 80, methods: ['pay'] });
    const res = await withdraw(t, m, { amount: 250 });
    expect(res.json().status).toBe('PENDING');
    await sandboxOf(t).drain();
    sandboxOf(t).faults.reset();
    await worker.runOnce();
    expect((await withdrawalsOf(t, m.memberId))[0]).toMatchObject({ status: 'PAID' });
    expect(await bankRows(t, res.json().withdrawId)).toHaveLength(1);
  });

  it('an approved, unpaid withdrawal is voided at the bank before the operator gives the money back', async () => {
    const m = await playedMember(t, 1000);
    sandboxOf(t).faults.set({ next: ['error5xx'], methods: ['pay'] });
    const id = (await withdraw(t, m, { amount: 300 })).json().withdrawId;
    sandboxOf(t).faults.set({ next: ['timeout'], methods: ['cancel'] });
    const unreachable = await operator(t, 'reject', id);
    expect(unreachable.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'payout-bank-unavailable' });
    expect((await balances(t, m)).wallet).toBe(700);

    const rejected = await operator(t, 'reject', id);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
    expect((await balances(t, m)).wallet).toBe(1000);
    expect(await bankRows(t, id)).toMatchObject([{ status: 'CANCELLED' }]);
    // A payment request still on its way is refused by the bank now.
    const [w] = await withdrawalsOf(t, m.memberId);
    const late = { withdrawalId: Number(id), bankCode: 'SCB', accountNo: w!.bankAccountNo, accountName: 'X' };
    await expect(sandboxOf(t).pay({ ...late, amount: 30_000n, currency: 'BAHT' })).rejects.toThrow(/CANCELLED/);
    await worker.runOnce();
    expect((await balances(t, m)).wallet).toBe(1000);
  });

  it('the sandbox bank pays once per withdrawal id: a retry answers the first payment', async () => {
    const request = { withdrawalId: 990_000_001, bankCode: 'KBANK', accountNo: '1234567', accountName: 'A B' };
    const first = await sandboxOf(t).pay({ ...request, amount: 10_000n, currency: 'BAHT' });
    const retry = await sandboxOf(t).pay({ ...request, amount: 10_000n, currency: 'BAHT' });
    expect(retry.ref).toBe(first.ref);
    expect(await sandboxOf(t).status(request.withdrawalId)).toEqual({ state: 'PAID', ref: first.ref });
    expect(await sandboxOf(t).cancel(request.withdrawalId)).toEqual({ state: 'PAID', ref: first.ref });
    expect(await sandboxOf(t).status(990_000_002)).toEqual({ state: 'NOT_FOUND' });
    expect(await bankRows(t, request.withdrawalId)).toHaveLength(1);
  });

  it('the payout sandbox faults are read and set through the dev endpoint', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/dev/payment-faults/payouts',
      payload: { next: ['timeout'], errorRate: 0.5 },
    });
    expect(put.statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: '/dev/payment-faults/payouts' });
    expect(got.json()).toMatchObject({ next: ['timeout'], errorRate: 0.5, timeoutRate: 0 });
    const bad = await t.app.inject({ method: 'PUT', url: '/dev/payment-faults/payouts', payload: { next: ['fire'] } });
    expect(bad.statusCode).toBe(400);
  });
});
