// Payout attempts and claim fences (docs/architecture.md §3.3): the bank is called for a withdrawal only by the
// worker whose claim still holds it, each call is written down before it is made, and an attempt
// without a definite answer is asked of the bank before anything is paid again.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createPayoutWorker } from './payout.job.ts';
import { createPayoutAttemptRepository } from './payout-attempt.repository.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
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
import { createWithdrawRepository } from './withdraw.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV);
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

/** An approved withdrawal of 6 000 baht nobody has tried to pay yet. */
async function approvedWithdrawal(): Promise<number> {
  const m = await playedMember(t, 10_000);
  const id = Number((await withdraw(t, m, { amount: 6000 })).json().withdrawId);
  expect((await operator(t, 'approve', id)).json()).toMatchObject({ status: 'APPROVED' });
  return id;
}

const attemptsOf = (id: number) => createPayoutAttemptRepository(t.db).of(id);

/** Lets every lease run out, as if the worker holding it had been slow. */
async function expireLeases() {
  await t.db.execute(sql`update withdrawals set lease_until = now() - interval '1 second' where status = 'APPROVED'`);
}

describe('claim fences', () => {
  it('a worker whose lease ran out and whose withdrawal was claimed again never calls the bank for it', async () => {
    const id = await approvedWithdrawal();
    const repo = createWithdrawRepository(t.db);
    const settlement = createPayoutSettlement(t.ctx, createLedger(t.ctx), repo);
    const lease = t.ctx.config.PAYOUT_LEASE_MS;
    const first = (await repo.claimApproved(t.ctx.now(), lease, 20)).find((w) => w.id === id)!;
    await expireLeases();
    const second = (await repo.claimApproved(t.ctx.now(), lease, 20)).find((w) => w.id === id)!;
    expect(second.claimFence).toBeGreaterThan(first.claimFence);

    const pay = vi.spyOn(sandboxOf(t), 'pay');
    expect(await settlement.attempt(first, 50)).toEqual({ moved: false, status: 'APPROVED' });
    expect(pay).not.toHaveBeenCalled();
    expect(await settlement.attempt(second, 50)).toEqual({ moved: true, status: 'PAID' });
    expect(pay).toHaveBeenCalledTimes(1);
    expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', payCalls: 1 }]);
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: 'PAID', fence: second.claimFence }]);
  });

  it('a pass told to stop gives back the withdrawals it has not begun, unpaid', async () => {
    const id = await approvedWithdrawal();
    const pay = vi.spyOn(sandboxOf(t), 'pay');
    const stopping = new AbortController();
    stopping.abort();
    expect(await createPayoutWorker(t.ctx).runOnce(stopping.signal)).toBe(0);
    expect(pay).not.toHaveBeenCalled();
    expect(await createWithdrawRepository(t.db).byId(id)).toMatchObject({ status: 'APPROVED', leaseUntil: null });
    await createPayoutWorker(t.ctx).runOnce();
    expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', payCalls: 1 }]);
  });

  it('a claim takes at most its batch', async () => {
    for (let i = 0; i < 3; i++) await approvedWithdrawal();
    await expireLeases();
    const claimed = await createWithdrawRepository(t.db).claimApproved(t.ctx.now(), 60_000, 2);
    expect(claimed).toHaveLength(2);
    await t.db.execute(sql`update withdrawals set lease_until = null where status = 'APPROVED'`);
    await createPayoutWorker(t.ctx).runOnce();
  });
});

describe('payout attempts', () => {
  it('the request path writes its attempt before calling the bank, with a unique request key', async () => {
    const m = await playedMember(t, 1000);
    const pay = vi.spyOn(sandboxOf(t), 'pay');
    const res = await withdraw(t, m, { amount: 300 });
    expect(res.json().status).toBe('SUCCESS');
    const id = Number(res.json().withdrawId);
    const [row] = await attemptsOf(id);
    expect(row).toMatchObject({ attempt: 1, status: 'PAID', fence: 1, requestKey: `W${id}-1` });
    expect(pay.mock.calls[0]?.[0]).toMatchObject({ withdrawalId: id, requestKey: `W${id}-1` });
  });

  it('an attempt left SENDING by a worker that stopped during its call is asked of the bank, not paid again', async () => {
    const id = await approvedWithdrawal();
    const bank = sandboxOf(t);
    const real = bank.pay.bind(bank);
    // The payment lands, then the worker dies before it hears the answer.
    vi.spyOn(bank, 'pay').mockImplementationOnce(async (request, opts) => {
      await real(request, opts);
      throw new Error('process killed');
    });
    const worker = createPayoutWorker(t.ctx);
    await expect(worker.runOnce()).rejects.toThrow('process killed');
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: 'SENDING' }]);

    // Its lease still covers the call: nobody else takes it.
    const pay = vi.spyOn(bank, 'pay');
    pay.mockClear();
    const status = vi.spyOn(bank, 'status');
    await worker.runOnce();
    expect(status).not.toHaveBeenCalledWith(id, expect.anything());
    await expireLeases();
    await worker.runOnce();
    expect(pay).not.toHaveBeenCalled();
    expect((await withdrawalsOf(t, (await createWithdrawRepository(t.db).byId(id))!.memberId))[0]).toMatchObject({
      status: 'PAID',
    });
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: 'PAID' }]);
    expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', payCalls: 1 }]);
  });

  it('a call that never reached the bank is followed by a second attempt once the bank says NOT_FOUND', async () => {
    const id = await approvedWithdrawal();
    sandboxOf(t).faults.set({ next: ['timeout'], methods: ['pay'] });
    const worker = createPayoutWorker(t.ctx);
    await worker.runOnce();
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: 'UNKNOWN' }]);
    await worker.runOnce();
    expect(await attemptsOf(id)).toMatchObject([
      { attempt: 1, status: 'FAILED', detail: { notFound: true } },
      { attempt: 2, status: 'PAID', requestKey: `W${id}-2` },
    ]);
    expect(await bankRows(t, id)).toMatchObject([{ status: 'PAID', payCalls: 1 }]);
  });

  it('the sandbox bank counts every pay call for an id; a cancel is not one', async () => {
    const request = { withdrawalId: 990_100_001, bankCode: 'KBANK', accountNo: '1234567', accountName: 'A B' };
    const bank = sandboxOf(t);
    await bank.pay({ ...request, amount: 10_000n, currency: 'BAHT' });
    await bank.pay({ ...request, amount: 10_000n, currency: 'BAHT' });
    expect(await bankRows(t, request.withdrawalId)).toMatchObject([{ status: 'PAID', payCalls: 2 }]);
    await bank.cancel(990_100_002);
    expect(await bankRows(t, 990_100_002)).toMatchObject([{ status: 'CANCELLED', payCalls: 0 }]);
    await expect(bank.pay({ ...request, withdrawalId: 990_100_002, amount: 1n, currency: 'BAHT' })).rejects.toThrow(
      /CANCELLED/,
    );
    expect(await bankRows(t, 990_100_002)).toMatchObject([{ status: 'CANCELLED', payCalls: 1 }]);
  });
});
