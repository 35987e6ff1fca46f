// The console's withdrawals queue (decision 063): the list with its member context, approve (then the
// payout worker pays), reject (money back), mark-paid, bulk approval behind a TOTP code; every
// decision audited in its transaction, and a decided withdrawal answers OPS_ALREADY_DECIDED.
import { type TOpsWithdrawal, withdrawalsPaths } from '@krapao/contracts/ops/withdrawals';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listen } from '../chat/socket-testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { connectLive, heardEvents, pause } from '../ops-live/testing.ts';
import { codeOf, opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, type Member } from '../wallet/testing.ts';
import { createPayoutWorker } from './payout.job.ts';
import { bankRows, playedMember, sandboxOf, WITHDRAW_TEST_ENV, withdraw } from './testing.ts';

let t: TestApp;
let finance: SignedInStaff;
let other: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV);
  finance = await signedInStaff(t, 'finance');
  other = await signedInStaff(t, 'admin');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const url = (path: string, id: number) => path.replace(':withdrawalId', String(id));
const decide = (s: SignedInStaff, action: 'approve' | 'reject' | 'markPaid', id: number, body: object = {}) =>
  opsCall(t, s, 'POST', url(withdrawalsPaths[action], id), body);

/** A member with 20 000 played-through baht and a 6 000 withdrawal waiting (above the automatic limit). */
async function waiting(): Promise<{ m: Member; id: number }> {
  const m = await playedMember(t, 20_000);
  const res = await withdraw(t, m, { amount: 6000 });
  expect(res.json().status).toBe('PENDING');
  return { m, id: Number(res.json().withdrawId) };
}

async function queue(status = 'WAITING_APPROVAL'): Promise<TOpsWithdrawal[]> {
  const res = await opsCall(t, finance, 'GET', `${withdrawalsPaths.list}?status=${status}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

const statusOf = async (id: number) => (await queue('WAITING_APPROVAL')).find((w) => w.id === id)?.status ?? null;

async function auditOf(id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'withdrawal'), eq(auditLog.objectId, String(id))));
}

describe('the withdrawals queue', () => {
  it('lists waiting withdrawals oldest first, with why they wait and their member', async () => {
    const first = await waiting();
    const second = await waiting();
    await t.db.execute(sql`update withdrawals set created_at = now() - interval '2 hours' where id = ${second.id}`);
    const items = await queue();
    const mine = items.filter((w) => w.id === first.id || w.id === second.id).map((w) => w.id);
    expect(mine).toEqual([second.id, first.id]);
    const item = items.find((w) => w.id === first.id)!;
    expect(item).toMatchObject({
      amount: 6000,
      currency: 'BAHT',
      status: 'WAITING_APPROVAL',
      memberId: first.m.memberId,
      member: { turnoverLeft: 0, hasActiveCondition: false, withdrawals30d: 0 },
    });
    expect(item.reviewReasons).toContain('above-auto-max');
    expect(item.bankAccount.accountNo).toMatch(/\d+/);
    expect(item.member.username).toBeTruthy();
  });

  it('approve: APPROVED and audited; the payout worker pays it once; a second approve is already decided', async () => {
    const { id } = await waiting();
    const res = await decide(finance, 'approve', id, { reason: 'known customer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'APPROVED' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'withdrawal.approve',
      staffId: finance.id,
      reason: 'known customer',
      requestId: res.headers['x-request-id'],
    });

    const pay = vi.spyOn(sandboxOf(t), 'pay');
    await createPayoutWorker(t.ctx).runOnce();
    expect(pay.mock.calls.filter(([r]) => r.withdrawalId === id)).toHaveLength(1);
    pay.mockRestore();
    expect((await bankRows(t, id)).map((r) => r.status)).toEqual(['PAID']);
    expect((await queue('PAID')).find((w) => w.id === id)?.payoutRef).toBeTruthy();

    const again = await decide(other, 'approve', id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'PAID' });
  });

  it('reject: the money goes back to the wallet, audited with its reason; a second reject is already decided', async () => {
    const { m, id } = await waiting();
    expect((await balances(t, m)).wallet).toBe(14_000);
    const res = await decide(finance, 'reject', id, { reason: 'account under review' });
    expect(res.json()).toMatchObject({ id, status: 'REJECTED' });
    expect((await balances(t, m)).wallet).toBe(20_000);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'withdrawal.reject', reason: 'account under review', memberId: m.memberId });

    const again = await decide(other, 'reject', id, { reason: 'me too' });
    expect(again.json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'REJECTED' });
    expect((await balances(t, m)).wallet).toBe(20_000);
  });

  it('reject of an approved one voids it at the bank first, and the worker never pays it', async () => {
    const { m, id } = await waiting();
    await decide(finance, 'approve', id);
    expect((await decide(finance, 'reject', id, { reason: 'changed my mind' })).json().status).toBe('REJECTED');
    await createPayoutWorker(t.ctx).runOnce();
    expect((await bankRows(t, id)).map((r) => [r.status, r.payCalls])).toEqual([['CANCELLED', 0]]);
    expect((await balances(t, m)).wallet).toBe(20_000);
  });

  it('mark-paid: an approved withdrawal the bank paid by hand is PAID with its reference, never paid again', async () => {
    const { id } = await waiting();
    const early = await decide(finance, 'markPaid', id, { reason: 'paid by hand', bankRef: 'KBANK-123' });
    expect(early.json()).toMatchObject({ message: 'KEY_INVALID', status: 'WAITING_APPROVAL' });

    await decide(finance, 'approve', id);
    const res = await decide(finance, 'markPaid', id, { reason: 'paid by hand', bankRef: 'KBANK-123' });
    expect(res.json()).toMatchObject({ id, status: 'PAID', payoutRef: 'KBANK-123' });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['withdrawal.approve', 'withdrawal.mark-paid']);
    const pay = vi.spyOn(sandboxOf(t), 'pay');
    await createPayoutWorker(t.ctx).runOnce();
    expect(pay.mock.calls.filter(([r]) => r.withdrawalId === id)).toEqual([]);
    pay.mockRestore();
    expect((await decide(other, 'markPaid', id, { reason: 'again', bankRef: 'X-1' })).statusCode).toBe(409);
  });

  it('mark-paid is refused while the payout worker holds the withdrawal', async () => {
    const { id } = await waiting();
    await decide(finance, 'approve', id);
    await t.db.execute(sql`update withdrawals set lease_until = now() + interval '1 hour' where id = ${id}`);
    const res = await decide(finance, 'markPaid', id, { reason: 'paid by hand', bankRef: 'KBANK-9' });
    expect(res.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'payout-in-progress' });
    expect((await queue('APPROVED')).find((w) => w.id === id)).toBeTruthy();
    await t.db.execute(sql`update withdrawals set lease_until = null where id = ${id}`);
  });

  it('bulk approval needs the current TOTP code, then answers per id', async () => {
    const a = await waiting();
    const b = await waiting();
    const rejected = await waiting();
    await decide(finance, 'reject', rejected.id, { reason: 'not this one' });
    const ids = [a.id, b.id, rejected.id, 999_999];

    const wrong = await opsCall(t, finance, 'POST', withdrawalsPaths.bulkApprove, { ids, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('OPS_TOTP_INVALID');
    expect(await statusOf(a.id)).toBe('WAITING_APPROVAL');

    const code = await codeOf(t, finance.secret, 1);
    const res = await opsCall(t, finance, 'POST', withdrawalsPaths.bulkApprove, { ids, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: a.id, status: 'APPROVED', error: null },
      { id: b.id, status: 'APPROVED', error: null },
      { id: rejected.id, status: 'REJECTED', error: 'OPS_ALREADY_DECIDED' },
      { id: 999_999, status: null, error: 'NO_DATA' },
    ]);
    // A code works once.
    const replay = await opsCall(t, finance, 'POST', withdrawalsPaths.bulkApprove, { ids: [a.id], code });
    expect(replay.json().message).toBe('OPS_TOTP_INVALID');
  });

  it('bad input changes nothing', async () => {
    const { m, id } = await waiting();
    for (const [action, body] of [
      ['reject', {}],
      ['reject', { reason: 'x' }],
      ['markPaid', { reason: 'paid by hand' }],
      ['approve', { reason: 'ok', extra: 1 }],
    ] as const) {
      expect((await decide(finance, action, id, body)).statusCode).toBe(400);
    }
    const bulk = await opsCall(t, finance, 'POST', withdrawalsPaths.bulkApprove, { ids: [], code: '123456' });
    expect(bulk.statusCode).toBe(400);
    expect((await decide(finance, 'approve', 999_999)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('WAITING_APPROVAL');
    expect((await balances(t, m)).wallet).toBe(14_000);
    expect(await auditOf(id)).toEqual([]);
  });

  it('tells finance on the live channel when a withdrawal starts waiting, is approved and is paid', async () => {
    const socket = await connectLive(await listen(t), finance.token);
    try {
      const events = heardEvents(socket);
      const { id } = await waiting();
      await decide(finance, 'approve', id);
      await createPayoutWorker(t.ctx).runOnce();
      await pause(300);
      expect(events.filter((e) => e.id === String(id)).map((e) => e.change)).toEqual(['added', 'updated', 'removed']);
    } finally {
      socket.close();
    }
  });

  it('support may not see the queue', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await opsCall(t, support, 'GET', withdrawalsPaths.list)).statusCode).toBe(403);
  });
});
