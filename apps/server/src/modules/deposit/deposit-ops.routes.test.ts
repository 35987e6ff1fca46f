// The console's deposits queue: what the sweeps hold (bank-feed and TrueMoney lines no member sent,
// money from an unproven phone), assigned to a member once or rejected as not ours, each decision
// audited with its reason; a line a slip credited meanwhile moves no money and leaves the queue.
import { depositsPaths, type TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { listen } from '../chat/socket-testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { connectLive, heardEvents, pause } from '../ops-live/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, type Member, signedInMember } from '../wallet/testing.ts';
import { createBankNoticeSweep } from './bank-notice/bank-notice-sweep.job.ts';
import { assignLine, rejectLine, reviewOf, truemoneyLine, unmatchedBankLine } from './deposit-ops-testing.ts';
import { createDepositReviewRepository } from './deposit-review.repository.ts';
import { bankCredit } from './testing.ts';
import { sweepWithLog } from './truemoney/testing.ts';

let t: TestApp;
let finance: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({ BANK_FEED_INTERVAL_MS: '0', TRUEMONEY_INTERVAL_MS: '0' });
  finance = await signedInStaff(t, 'finance');
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => {
  if (!t) return;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

async function queue(): Promise<TOpsDepositReview[]> {
  const res = await opsCall(t, finance, 'GET', depositsPaths.list);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}
const listed = async (id: number) => (await queue()).find((r) => r.id === id) ?? null;
const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'deposit-review'), eq(auditLog.objectId, String(id))));
const usernameOf = async (m: Member) => (await createMemberRepository(t.db).byId(m.memberId))!.username;

describe('the sweeps hold what no member sent', () => {
  it('a bank-feed line from an unregistered account: one WAITING row, however often the sweep runs', async () => {
    const line = await unmatchedBankLine(t, 40);
    expect(line).toMatchObject({
      kind: 'BANK',
      memberId: null,
      amount: 4000n,
      currency: 'BAHT',
      reason: 'unmatched',
      status: 'WAITING',
      detail: expect.objectContaining({ fromBankCode: 'SCB', fromAccountNo: line.from.fromAccountNo }),
    });
    await createBankNoticeSweep(t.ctx).runOnce();
    expect(await reviewOf(t, 'BANK', line.ref)).toHaveLength(1);
    const { kind, ref, amount, currency } = line;
    const again = await t.db.transaction((tx) =>
      createDepositReviewRepository(t.db).hold(tx, {
        ...{ kind, ref, amount, currency, memberId: null, detail: {} },
        reason: 'unmatched',
        createdAt: new Date(),
      }),
    );
    expect(again).toBeNull();
  });

  it('a TrueMoney transfer from no member’s phone: one WAITING row', async () => {
    const line = await truemoneyLine(t, 25);
    expect(line).toMatchObject({
      kind: 'TRUEMONEY',
      memberId: null,
      amount: 2500n,
      reason: 'unmatched',
      detail: expect.objectContaining({ fromPhone: line.phone, truemoney: 'TRANSFER' }),
    });
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect(await reviewOf(t, 'TRUEMONEY', line.ref)).toHaveLength(1);
  });
});

describe('the deposits queue', () => {
  it('lists waiting lines oldest first with what the sweep saw, and the member of an unproven phone', async () => {
    const bank = await unmatchedBankLine(t, 41);
    const m = await signedInMember(t, 0);
    const held = await truemoneyLine(t, 30, await usernameOf(m));
    const items = await queue();
    const mine = items.filter((r) => r.id === bank.id || r.id === held.id);
    expect(mine.map((r) => r.id)).toEqual([bank.id, held.id]);
    expect(mine[0]).toMatchObject({
      kind: 'BANK',
      amount: 41,
      reason: 'unmatched',
      memberId: null,
      member: null,
      line: { fromBankCode: 'SCB', from: bank.from.fromAccountNo, toAccountNo: expect.any(String) },
    });
    expect(mine[1]).toMatchObject({
      kind: 'TRUEMONEY',
      amount: 30,
      reason: 'unproven-phone',
      memberId: m.memberId,
      line: { from: held.phone },
      member: { username: held.phone, turnoverLeft: 0, hasActiveCondition: false },
    });
  });

  it('finds the member staff name by phone or id', async () => {
    const m = await signedInMember(t, 0);
    const username = await usernameOf(m);
    const byPhone = await opsCall(t, finance, 'GET', `${depositsPaths.member}?q=${username}`);
    expect(byPhone.json()).toMatchObject({ id: m.memberId, currency: 'BAHT', context: { username } });
    const byId = await opsCall(t, finance, 'GET', `${depositsPaths.member}?q=${m.memberId}`);
    expect(byId.json().id).toBe(m.memberId);
    expect((await opsCall(t, finance, 'GET', `${depositsPaths.member}?q=0000000001`)).statusCode).toBe(404);
  });

  it('assign: credits the member once, audited with its reason; a second assign is already decided', async () => {
    const line = await unmatchedBankLine(t, 55);
    const m = await signedInMember(t, 0);
    const res = await assignLine(t, finance, line.id, { memberId: m.memberId, reason: 'member sent from a friend' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: line.id, status: 'CREDITED', memberId: m.memberId });
    expect((await balances(t, m)).wallet).toBe(55);
    expect(await listed(line.id)).toBeNull();
    const [entry] = await audits(line.id);
    expect(entry).toMatchObject({
      action: 'deposit-review.assign',
      staffId: finance.id,
      memberId: m.memberId,
      reason: 'member sent from a friend',
      requestId: res.headers['x-request-id'],
    });

    const other = await signedInMember(t, 0);
    const again = await assignLine(t, admin, line.id, { memberId: other.memberId, reason: 'me too' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'CREDITED' });
    expect((await balances(t, m)).wallet).toBe(55);
    expect((await balances(t, other)).wallet).toBe(0);
    expect(await audits(line.id)).toHaveLength(1);
  });

  it('assign of an unproven phone’s money to its member credits it under the TrueMoney reference', async () => {
    const m = await signedInMember(t, 0);
    const held = await truemoneyLine(t, 12.5, await usernameOf(m));
    const res = await assignLine(t, finance, held.id, { memberId: m.memberId, reason: 'called the member' });
    expect(res.json()).toMatchObject({ status: 'CREDITED', memberId: m.memberId });
    expect((await balances(t, m)).wallet).toBe(12.5);
    // The sweep finds nothing left to credit.
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(12.5);
  });

  it('a line a slip credited meanwhile: nothing moves, the row is closed and leaves the queue', async () => {
    const line = await unmatchedBankLine(t, 60);
    const slipper = await signedInMember(t, 0);
    expect(await listed(line.id)).not.toBeNull();
    await bankCredit(t, slipper.memberId, 60, line.ref);
    expect(await listed(line.id)).toBeNull();

    const m = await signedInMember(t, 0);
    const res = await assignLine(t, finance, line.id, { memberId: m.memberId, reason: 'looks like theirs' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'OPS_REFERENCE_USED', status: 'CREDITED' });
    expect((await balances(t, m)).wallet).toBe(0);
    expect((await balances(t, slipper)).wallet).toBe(60);
    expect((await reviewOf(t, 'BANK', line.ref))[0]).toMatchObject({ status: 'CREDITED', memberId: slipper.memberId });
    expect(await audits(line.id)).toEqual([]);
  });

  it('the bank sweep closes a line a credit took meanwhile', async () => {
    const line = await unmatchedBankLine(t, 61);
    const slipper = await signedInMember(t, 0);
    await bankCredit(t, slipper.memberId, 61, line.ref);
    await createBankNoticeSweep(t.ctx).runOnce();
    expect((await reviewOf(t, 'BANK', line.ref))[0]).toMatchObject({ status: 'CREDITED', memberId: slipper.memberId });
  });

  it('reject: not ours, no money moves, audited; a second decision is already decided', async () => {
    const line = await truemoneyLine(t, 33);
    const res = await rejectLine(t, finance, line.id, { reason: 'sent to us by mistake' });
    expect(res.json()).toEqual({ id: line.id, status: 'REJECTED', memberId: null });
    expect(await listed(line.id)).toBeNull();
    expect((await audits(line.id)).map((e) => [e.action, e.reason])).toEqual([
      ['deposit-review.reject', 'sent to us by mistake'],
    ]);
    const m = await signedInMember(t, 0);
    const late = await assignLine(t, admin, line.id, { memberId: m.memberId, reason: 'it was theirs' });
    expect(late.json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'REJECTED' });
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('reject keeps the transfer refused: a later credit of it (a slip, the feed, the TrueMoney sweep) moves nothing', async () => {
    const line = await unmatchedBankLine(t, 64);
    expect((await rejectLine(t, finance, line.id, { reason: 'returned to the sender' })).statusCode).toBe(200);
    const m = await signedInMember(t, 0);
    const late = await bankCredit(t, m.memberId, 64, line.ref);
    expect(late).toEqual({ credited: false, byMemberId: null });
    await createBankNoticeSweep(t.ctx).runOnce();
    expect((await balances(t, m)).wallet).toBe(0);
    expect((await reviewOf(t, 'BANK', line.ref))[0]).toMatchObject({ status: 'REJECTED', memberId: null });

    const tm = await truemoneyLine(t, 21);
    expect((await rejectLine(t, admin, tm.id, { reason: 'not a member' })).statusCode).toBe(200);
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses bad input and moves nothing', async () => {
    const line = await unmatchedBankLine(t, 70);
    const m = await signedInMember(t, 0);
    const lak = await memberWithMoney(t.db, 0n, 'LAK');
    const answers = await Promise.all([
      assignLine(t, finance, line.id, { memberId: m.memberId }),
      assignLine(t, finance, line.id, { memberId: m.memberId, reason: 'x' }),
      assignLine(t, finance, line.id, { memberId: 'abc', reason: 'valid reason' }),
      rejectLine(t, finance, line.id, {}),
      opsCall(t, finance, 'POST', depositsPaths.assign.replace(':reviewId', 'x'), { memberId: 1, reason: 'valid' }),
      opsCall(t, finance, 'GET', `${depositsPaths.member}?q=`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    const unknownMember = await assignLine(t, finance, line.id, { memberId: 999_999_999, reason: 'valid reason' });
    expect(unknownMember.statusCode).toBe(404);
    const unknownLine = await assignLine(t, finance, 999_999_999, { memberId: m.memberId, reason: 'valid reason' });
    expect(unknownLine.json()).toMatchObject({ message: 'NO_DATA' });
    const otherCurrency = await assignLine(t, finance, line.id, { memberId: lak, reason: 'valid reason' });
    expect(otherCurrency.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'currency' });
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await listed(line.id)).toMatchObject({ status: 'WAITING' });
    expect(await audits(line.id)).toEqual([]);
  });

  it('support may neither see nor decide the queue', async () => {
    const support = await signedInStaff(t, 'support');
    const line = await truemoneyLine(t, 5);
    expect((await opsCall(t, support, 'GET', depositsPaths.list)).statusCode).toBe(403);
    expect((await opsCall(t, support, 'GET', `${depositsPaths.member}?q=1`)).statusCode).toBe(403);
    const res = await rejectLine(t, support, line.id, { reason: 'not allowed' });
    expect(res.json()).toMatchObject({ message: 'OPS_FORBIDDEN' });
    expect(await listed(line.id)).toMatchObject({ status: 'WAITING' });
  });

  it('tells finance on the live channel when a line starts waiting and when it is decided', async () => {
    const socket = await connectLive(await listen(t), finance.token);
    try {
      const events = heardEvents(socket);
      const line = await unmatchedBankLine(t, 9);
      await rejectLine(t, finance, line.id, { reason: 'not ours at all' });
      await pause(300);
      const mine = events.filter((e) => e.queue === 'deposits' && e.id === String(line.id));
      expect(mine.map((e) => e.change)).toEqual(['added', 'removed']);
    } finally {
      socket.close();
    }
  });
});
