// A hand credit must be on the bank's statement (that reference, that amount, into a house account),
// and above the four-eyes limit it waits for a second staff member: the approvals queue lists it with
// its slip, the requester cannot approve it, approving credits once, rejecting puts the slip back,
// and a transfer credited meanwhile closes the request.
import { approvalsPaths, type TApproval } from '@krapao/contracts/ops/approvals';
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slips } from '../../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { auditLog } from '../../../db/schema/ops.ts';
import { opsApprovals } from '../../../db/schema/ops-approvals.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../../staff/testing.ts';
import { balances, type Member, signedInMember } from '../../wallet/testing.ts';
import { createBankNoticeSweep } from '../bank-notice/bank-notice-sweep.job.ts';
import { recordTransfer, registeredAccount, slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;
const HOUSE_SCB_AUTO = { bankCode: 'SCB', accountNo: '4071234567' };
const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
let finance: SignedInStaff;
let other: SignedInStaff;
beforeAll(async () => {
  // 1 000 baht credits at once, anything more waits for a second person.
  t = await slipTestApp(clock, { OPS_MANUAL_ADJUST_LIMIT_BAHT: '1000' });
});
beforeEach(async () => {
  finance = await signedInStaff(t, 'finance');
  other = await signedInStaff(t, 'admin');
  t.ctx.payments.bankFeed.faults.reset();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** A FAILED slip (sent from an account not the member's) of a transfer of `amount` baht. */
async function failedSlip(amount: number, to?: { bankCode: string; accountNo: string }) {
  const m = await signedInMember(t, 0);
  const sent = await recordTransfer(t, {
    from: { bankCode: 'SCB', accountNo: '9990001112' },
    to,
    amount,
    occurredAt: new Date(clock.now().getTime() - MINUTE),
  });
  const res = await uploadSlip(t, m, sent.png);
  expect(res.json().status).toBe('FAILED');
  return { m, id: (await slipOf(t, res.json().reference)).id, sent };
}

const credit = (s: SignedInStaff, id: number, body: object) =>
  opsCall(t, s, 'POST', slipsPaths.credit.replace(':slipId', String(id)), body);
const creditOf = (sent: { sendingBank: string; transRef: string }, amount: string) => ({
  amount,
  sendingBank: sent.sendingBank,
  transRef: sent.transRef,
  reason: 'seen on the bank statement',
});
const decide = (s: SignedInStaff, path: string, id: number) =>
  opsCall(t, s, 'POST', path.replace(':approvalId', String(id)), { reason: 'checked the statement' });
const rowOf = async (id: number) => (await t.db.select().from(slips).where(eq(slips.id, id)))[0]!;
const approvalOf = async (id: number) => (await t.db.select().from(opsApprovals).where(eq(opsApprovals.id, id)))[0]!;
const queued = async (id: number) =>
  ((await opsCall(t, finance, 'GET', slipsPaths.list)).json().items as { id: number }[]).some((s) => s.id === id);
const pendingApprovals = async (memberId: number): Promise<TApproval[]> =>
  (await opsCall(t, other, 'GET', `${approvalsPaths.list}?memberId=${memberId}`)).json().items;
const audits = (objectType: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(id))))
    .orderBy(auditLog.seq);
const deposits = (m: Member) =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, m.memberId), eq(ledgerTransactions.type, 'DEPOSIT')));

/** Nothing changed: the slip is still undecided in the queue, the wallet empty, nothing audited. */
async function unchanged(s: { m: Member; id: number }) {
  expect(await rowOf(s.id)).toMatchObject({
    status: 'FAILED',
    reviewedAt: null,
    reviewedBy: null,
    transactionId: null,
  });
  expect((await balances(t, s.m)).wallet).toBe(0);
  expect(await audits('slip', s.id)).toEqual([]);
  expect(await queued(s.id)).toBe(true);
  expect(await pendingApprovals(s.m.memberId)).toEqual([]);
}

describe('the bank statement check', () => {
  it('refuses a reference the bank never showed, and changes nothing', async () => {
    const s = await failedSlip(250);
    const res = await credit(finance, s.id, creditOf({ sendingBank: '014', transRef: 'MADEUP20260310XYZ' }, '250'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'OPS_NOT_ON_STATEMENT', reason: 'not-found' });
    await unchanged(s);
  });

  it('refuses another amount than the statement shows, and money into an account not the house', async () => {
    const s = await failedSlip(250);
    const more = await credit(finance, s.id, creditOf(s.sent, '250.01'));
    expect(more.json()).toMatchObject({ message: 'OPS_NOT_ON_STATEMENT', reason: 'amount' });
    await unchanged(s);
    const elsewhere = await failedSlip(250, { bankCode: 'KBANK', accountNo: '1112223334' });
    const res = await credit(finance, elsewhere.id, creditOf(elsewhere.sent, '250'));
    expect(res.json()).toMatchObject({ message: 'OPS_NOT_ON_STATEMENT', reason: 'account' });
    await unchanged(elsewhere);
  });

  it('refuses a transfer the statement does not show yet (bank delay)', async () => {
    const m = await signedInMember(t, 0);
    const sent = await recordTransfer(t, {
      from: await registeredAccount(t, m.memberId),
      amount: 120,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
      visibleAt: new Date(clock.now().getTime() + 60 * MINUTE),
    });
    const id = (await slipOf(t, (await uploadSlip(t, m, sent.png)).json().reference)).id;
    const res = await credit(finance, id, creditOf(sent, '120'));
    expect(res.json()).toMatchObject({ message: 'OPS_NOT_ON_STATEMENT', reason: 'not-found' });
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', reviewedAt: null });
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('a statement that cannot be read answers a retryable error and credits nothing', async () => {
    const s = await failedSlip(250);
    t.ctx.payments.bankFeed.faults.set({ listError5xx: true });
    const res = await credit(finance, s.id, creditOf(s.sent, '250'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('OPS_BANK_UNAVAILABLE');
    await unchanged(s);
    t.ctx.payments.bankFeed.faults.reset();
    expect((await credit(finance, s.id, creditOf(s.sent, '250'))).statusCode).toBe(200);
    expect((await balances(t, s.m)).wallet).toBe(250);
  });
});

describe('four eyes above the limit', () => {
  it('at the limit credits at once; above it waits, listed with its slip, until another person approves', async () => {
    const small = await failedSlip(1000);
    const now = await credit(finance, small.id, creditOf(small.sent, '1000'));
    expect(now.json()).toMatchObject({ status: 'SUCCESS', approvalId: null, transactionId: expect.any(Number) });
    expect((await balances(t, small.m)).wallet).toBe(1000);

    const s = await failedSlip(2500);
    const res = await credit(finance, s.id, creditOf(s.sent, '2500'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.id,
      status: 'FAILED',
      transactionId: null,
      approvalId: expect.any(Number),
    });
    const approvalId: number = res.json().approvalId;
    expect((await balances(t, s.m)).wallet).toBe(0);
    expect(await rowOf(s.id)).toMatchObject({ status: 'FAILED', reviewedBy: finance.id, transactionId: null });
    expect(await queued(s.id)).toBe(false);
    expect((await credit(other, s.id, creditOf(s.sent, '2500'))).json().message).toBe('OPS_ALREADY_DECIDED');

    const [listed, ...more] = await pendingApprovals(s.m.memberId);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      id: approvalId,
      kind: 'slip-credit',
      amount: 2500,
      currency: 'BAHT',
      status: 'pending',
      requestedBy: finance.id,
      slip: { slipId: s.id, sendingBank: s.sent.sendingBank, transRef: s.sent.transRef },
    });
    const image = await opsCall(t, other, 'GET', listed!.slip!.imageUrl!);
    expect(image.headers['content-type']).toBe('image/png');

    const self = await decide(finance, approvalsPaths.slipCreditApprove, approvalId);
    expect(self.json().message).toBe('OPS_SELF_APPROVAL');
    expect((await decide(finance, approvalsPaths.slipCreditReject, approvalId)).json().message).toBe(
      'OPS_SELF_APPROVAL',
    );
    // Decided under its own kind's path only.
    expect((await decide(other, approvalsPaths.adjustmentApprove, approvalId)).statusCode).toBe(404);
    expect((await balances(t, s.m)).wallet).toBe(0);

    const ok = await decide(other, approvalsPaths.slipCreditApprove, approvalId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().approval).toMatchObject({ status: 'booked', decidedBy: other.id });
    expect((await balances(t, s.m)).wallet).toBe(2500);
    const approval = await approvalOf(approvalId);
    expect(await rowOf(s.id)).toMatchObject({
      status: 'SUCCESS',
      amount: 250_000n,
      reviewedBy: other.id,
      transactionId: approval.transactionId,
    });
    expect((await deposits(s.m)).map((d) => [d.id, d.amount])).toEqual([[approval.transactionId, 250_000n]]);
    expect((await audits('slip', s.id)).map((e) => [e.action, e.staffId])).toEqual([
      ['slip.credit.request', finance.id],
      ['slip.credit', other.id],
    ]);
    expect((await audits('approval', approvalId)).map((e) => e.action)).toEqual(['approval.approve']);

    const again = await decide(owner(), approvalsPaths.slipCreditApprove, approvalId);
    expect(again.json().message).toBe('OPS_ALREADY_DECIDED');
    expect((await balances(t, s.m)).wallet).toBe(2500);
  });

  it('a rejected request credits nothing and puts the slip back in the queue', async () => {
    const s = await failedSlip(1500);
    const { approvalId } = (await credit(finance, s.id, creditOf(s.sent, '1500'))).json();
    const res = await decide(other, approvalsPaths.slipCreditReject, approvalId);
    expect(res.json().approval).toMatchObject({ status: 'rejected', decidedBy: other.id });
    expect(await rowOf(s.id)).toMatchObject({ status: 'FAILED', reviewedAt: null, reviewedBy: null });
    expect(await queued(s.id)).toBe(true);
    expect((await balances(t, s.m)).wallet).toBe(0);
    expect((await decide(other, approvalsPaths.slipCreditApprove, approvalId)).json().message).toBe(
      'OPS_ALREADY_DECIDED',
    );
    expect((await balances(t, s.m)).wallet).toBe(0);
  });

  it('a transfer the bank feed credited meanwhile: OPS_REFERENCE_USED, the request closed, credited once', async () => {
    const m = await signedInMember(t, 0);
    const sent = await recordTransfer(t, {
      from: await registeredAccount(t, m.memberId),
      to: HOUSE_SCB_AUTO,
      amount: 3000,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
      visibleAt: new Date(clock.now().getTime() + 10 * MINUTE),
    });
    const id = (await slipOf(t, (await uploadSlip(t, m, sent.png)).json().reference)).id;
    clock.advance(11 * MINUTE);
    const { approvalId } = (await credit(finance, id, creditOf(sent, '3000'))).json();
    expect(approvalId).toEqual(expect.any(Number));
    expect((await createBankNoticeSweep(t.ctx).runOnce()).credited).toBeGreaterThanOrEqual(1);
    expect((await balances(t, m)).wallet).toBe(3000);

    const res = await decide(other, approvalsPaths.slipCreditApprove, approvalId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('OPS_REFERENCE_USED');
    expect(await approvalOf(approvalId)).toMatchObject({
      status: 'rejected',
      decidedBy: other.id,
      transactionId: null,
    });
    expect((await balances(t, m)).wallet).toBe(3000);
    expect(await deposits(m)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', reviewedAt: null });
    expect((await audits('approval', approvalId)).map((e) => e.after)).toEqual([
      expect.objectContaining({ status: 'rejected', outcome: 'reference-used' }),
    ]);
  });

  it('refuses to ask for a transfer that credited already', async () => {
    const first = await failedSlip(1200);
    const { approvalId } = (await credit(finance, first.id, creditOf(first.sent, '1200'))).json();
    expect((await decide(other, approvalsPaths.slipCreditApprove, approvalId)).statusCode).toBe(200);
    const second = await failedSlip(5);
    const res = await credit(finance, second.id, creditOf(first.sent, '1200'));
    expect(res.json().message).toBe('OPS_REFERENCE_USED');
    await unchanged(second);
  });
});

let ownerStaff: SignedInStaff | undefined;
beforeEach(async () => {
  ownerStaff = await signedInStaff(t, 'owner');
});
const owner = () => ownerStaff!;
