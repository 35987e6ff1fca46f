// The console's slips queue: FAILED slips nobody reviewed and PENDING ones past a few minutes, with
// their member and a signed image link; a hand credit credits the bank transfer once by any path; a
// rejection takes the slip out of the queue; every decision marks the slip reviewed (who, when) and is
// audited; a second one is already decided.
import { slipsPaths, type TOpsSlip } from '@krapao/contracts/ops/slips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slips } from '../../../db/schema/deposits.ts';
import { auditLog } from '../../../db/schema/ops.ts';
import { listen } from '../../chat/socket-testing.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { connectLive, heardEvents, pause } from '../../ops-live/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../../staff/testing.ts';
import { balances, type Member, signedInMember } from '../../wallet/testing.ts';
import { createSlipRechecker } from './slip-recheck.job.ts';
import { recordTransfer, registeredAccount, slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;
const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
let finance: SignedInStaff;
let other: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  t = await slipTestApp(clock);
});
// The tests move the clock past a staff session's idle limit: each signs in afresh.
beforeEach(async () => {
  finance = await signedInStaff(t, 'finance');
  other = await signedInStaff(t, 'admin');
  support = await signedInStaff(t, 'support');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const url = (path: string, id: number) => path.replace(':slipId', String(id));

/** A slip of a 250 baht transfer from an account that is not the member's: FAILED NOT_MATCH. */
async function failedSlip(m?: Member) {
  const member = m ?? (await signedInMember(t, 0));
  const sent = await recordTransfer(t, {
    from: { bankCode: 'SCB', accountNo: '9990001112' },
    amount: 250,
    occurredAt: new Date(clock.now().getTime() - MINUTE),
  });
  const res = await uploadSlip(t, member, sent.png);
  expect(res.json()).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH' });
  const row = await slipOf(t, res.json().reference);
  return { m: member, id: row.id, sent };
}

/** A slip of a transfer the bank shows only in an hour: PENDING. */
async function pendingSlip() {
  const m = await signedInMember(t, 0);
  const sent = await recordTransfer(t, {
    from: await registeredAccount(t, m.memberId),
    amount: 120,
    occurredAt: new Date(clock.now().getTime() - MINUTE),
    visibleAt: new Date(clock.now().getTime() + 60 * MINUTE),
  });
  const res = await uploadSlip(t, m, sent.png);
  expect(res.json().status).toBe('PENDING');
  return { m, id: (await slipOf(t, res.json().reference)).id, sent };
}

async function queue(s: SignedInStaff = finance): Promise<TOpsSlip[]> {
  const res = await opsCall(t, s, 'GET', slipsPaths.list);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}
const listed = async (id: number) => (await queue()).some((s) => s.id === id);

const credit = (s: SignedInStaff, id: number, body: object) => opsCall(t, s, 'POST', url(slipsPaths.credit, id), body);
const reject = (s: SignedInStaff, id: number, reason = 'not our transfer') =>
  opsCall(t, s, 'POST', url(slipsPaths.reject, id), { reason });
const creditOf = (sent: { sendingBank: string; transRef: string }, amount = '250.00') => ({
  amount,
  sendingBank: sent.sendingBank,
  transRef: sent.transRef,
  reason: 'checked with the bank statement',
});

async function rowOf(id: number) {
  const [row] = await t.db.select().from(slips).where(eq(slips.id, id));
  return row!;
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'slip'), eq(auditLog.objectId, String(id))));

describe('the slips queue', () => {
  it('lists failed slips and pending ones past a few minutes, oldest first, with member and verifier answer', async () => {
    const failed = await failedSlip();
    const pending = await pendingSlip();
    expect(await listed(pending.id)).toBe(false);
    clock.advance(6 * MINUTE);
    const items = await queue();
    const mine = items.filter((s) => s.id === failed.id || s.id === pending.id).map((s) => s.id);
    expect(mine).toEqual([failed.id, pending.id]);
    expect(items.find((s) => s.id === failed.id)).toMatchObject({
      status: 'FAILED',
      note: 'NOT_MATCH',
      amount: 250,
      currency: 'BAHT',
      memberId: failed.m.memberId,
      sendingBank: failed.sent.sendingBank,
      transRef: failed.sent.transRef,
      attempts: 0,
      member: { deposits30d: 0, withdrawals30d: 0, turnoverLeft: 0, hasActiveCondition: false },
    });
    expect(items.find((s) => s.id === pending.id)).toMatchObject({ status: 'PENDING', note: null, amount: 0 });
  });

  it('opens the image by its signed link for slips.review only, and not once the link expired', async () => {
    const { id } = await failedSlip();
    const item = (await queue()).find((s) => s.id === id)!;
    expect(item.imageUrl).toMatch(/^\/api\/ops\/slips\/image\/.+\?exp=\d+&sig=/);
    const image = await opsCall(t, finance, 'GET', item.imageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    expect((await opsCall(t, support, 'GET', item.imageUrl!)).json()).toMatchObject({ message: 'OPS_FORBIDDEN' });
    expect((await t.app.inject({ method: 'GET', url: item.imageUrl! })).statusCode).toBe(401);
    const forged = item.imageUrl!.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await opsCall(t, finance, 'GET', forged)).json()).toMatchObject({
      message: 'KEY_INVALID',
      reason: 'image-link',
    });
    // The member's own image link does not open it here, nor this one there.
    const memberPath = `/api/statement/slip/image/${item.reference}${item.imageUrl!.slice(item.imageUrl!.indexOf('?'))}`;
    expect((await t.app.inject({ method: 'GET', url: memberPath })).statusCode).toBe(403);
    clock.advance(11 * MINUTE);
    expect((await opsCall(t, finance, 'GET', item.imageUrl!)).json()).toMatchObject({ reason: 'image-link' });
  });

  it('credit by hand: the wallet once, SUCCESS with its transaction, audited; a second decision is refused', async () => {
    const { m, id, sent } = await failedSlip();
    const res = await credit(finance, id, creditOf(sent));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'SUCCESS', transactionId: expect.any(Number) });
    expect((await balances(t, m)).wallet).toBe(250);
    expect(await rowOf(id)).toMatchObject({
      status: 'SUCCESS',
      amount: 25_000n,
      transactionId: res.json().transactionId,
      reviewedBy: finance.id,
      reviewedAt: clock.now(),
    });
    expect(await listed(id)).toBe(false);
    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'slip.credit',
      staffId: finance.id,
      memberId: m.memberId,
      reason: 'checked with the bank statement',
      requestId: res.headers['x-request-id'],
    });

    const again = await credit(other, id, creditOf(sent));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'SUCCESS' });
    expect((await reject(other, id)).json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED' });
    expect((await balances(t, m)).wallet).toBe(250);
    expect(await auditOf(id)).toHaveLength(1);
    expect((await rowOf(id)).reviewedBy).toBe(finance.id);
  });

  it('refuses a bank transfer that credited already, by another slip or by the verifier', async () => {
    const first = await failedSlip();
    expect((await credit(finance, first.id, creditOf(first.sent))).statusCode).toBe(200);
    const second = await failedSlip();
    const res = await credit(finance, second.id, creditOf(first.sent));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('OPS_REFERENCE_USED');
    expect((await balances(t, second.m)).wallet).toBe(0);
    expect(await rowOf(second.id)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH', reviewedAt: null });
    expect(await auditOf(second.id)).toEqual([]);
    expect(await listed(second.id)).toBe(true);

    // Credited by the verifier through an ordinary upload of the member.
    const m = await signedInMember(t, 0);
    const good = await recordTransfer(t, {
      from: await registeredAccount(t, m.memberId),
      amount: 80,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
    });
    expect((await uploadSlip(t, m, good.png)).json().status).toBe('SUCCESS');
    const refused = await credit(finance, second.id, creditOf(good, '80'));
    expect(refused.json().message).toBe('OPS_REFERENCE_USED');
    expect((await balances(t, m)).wallet).toBe(80);
    expect((await balances(t, second.m)).wallet).toBe(0);
  });

  it('reject: stays FAILED with its reason code, leaves the queue, audited; then nothing more is decided', async () => {
    const { m, id, sent } = await failedSlip();
    const res = await reject(finance, id);
    expect(res.json()).toMatchObject({ id, status: 'FAILED', transactionId: null });
    expect(await rowOf(id)).toMatchObject({
      status: 'FAILED',
      note: 'NOT_MATCH',
      reviewedBy: finance.id,
      reviewedAt: clock.now(),
    });
    expect(await listed(id)).toBe(false);
    expect((await auditOf(id)).map((e) => [e.action, e.reason])).toEqual([['slip.reject', 'not our transfer']]);

    expect((await reject(other, id)).json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED', status: 'FAILED' });
    expect((await credit(other, id, creditOf(sent))).json().message).toBe('OPS_ALREADY_DECIDED');
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await auditOf(id)).toHaveLength(1);
    expect((await rowOf(id)).reviewedBy).toBe(finance.id);
  });

  it('the reviewed mark, not the audit trail, decides: a slip marked reviewed is out and refused', async () => {
    const { m, id, sent } = await failedSlip();
    expect(await listed(id)).toBe(true);
    await t.db.update(slips).set({ reviewedAt: clock.now(), reviewedBy: other.id }).where(eq(slips.id, id));
    expect(await listed(id)).toBe(false);
    expect((await credit(finance, id, creditOf(sent))).json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED' });
    expect((await reject(finance, id)).json()).toMatchObject({ message: 'OPS_ALREADY_DECIDED' });
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH', reviewedBy: other.id });
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await auditOf(id)).toEqual([]);
  });

  it('reject of a pending slip: FAILED for the member, and the recheck job no longer credits it', async () => {
    const { m, id } = await pendingSlip();
    expect((await reject(finance, id)).json()).toMatchObject({ status: 'FAILED' });
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', note: 'INVALID_SLIP', reviewedBy: finance.id });
    expect(await listed(id)).toBe(false);
    clock.advance(61 * MINUTE);
    await createSlipRechecker(t.ctx).runOnce();
    expect((await rowOf(id)).status).toBe('FAILED');
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const { m, id, sent } = await failedSlip();
    const bad: [object, string][] = [
      [{ ...creditOf(sent), amount: 'abc' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), amount: '1.234' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), amount: '0' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), amount: 250 }, 'KEY_INVALID'],
      [{ ...creditOf(sent), transRef: 'x' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), sendingBank: 'KBANK' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), reason: undefined }, 'KEY_MISSING'],
      [{ ...creditOf(sent), reason: ' ' }, 'KEY_INVALID'],
      [{ ...creditOf(sent), extra: 1 }, 'KEY_INVALID'],
    ];
    for (const [body, code] of bad) {
      const res = await credit(finance, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(code);
    }
    expect((await opsCall(t, finance, 'POST', url(slipsPaths.reject, id), {})).json().message).toBe('KEY_MISSING');
    expect((await credit(finance, 999_999, creditOf(sent))).statusCode).toBe(404);
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH', reviewedAt: null, reviewedBy: null });
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await auditOf(id)).toEqual([]);
    expect(await listed(id)).toBe(true);
  });

  it('refuses a role without slips.review, and changes nothing', async () => {
    const { m, id, sent } = await failedSlip();
    expect((await opsCall(t, support, 'GET', slipsPaths.list)).json().message).toBe('OPS_FORBIDDEN');
    expect((await credit(support, id, creditOf(sent))).statusCode).toBe(403);
    expect((await reject(support, id)).statusCode).toBe(403);
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await auditOf(id)).toEqual([]);
    expect(await listed(id)).toBe(true);
  });

  it('tells the slips queue on the live channel when a slip is decided', async () => {
    const socket = await connectLive(await listen(t), finance.token);
    try {
      const events = heardEvents(socket);
      const a = await failedSlip();
      const b = await failedSlip();
      await credit(finance, a.id, creditOf(a.sent));
      await reject(finance, b.id);
      await pause(300);
      const slipEvents = events.filter((e) => e.queue === 'slips');
      expect(slipEvents).toEqual([
        { queue: 'slips', id: String(a.id), change: 'removed' },
        { queue: 'slips', id: String(b.id), change: 'removed' },
      ]);
    } finally {
      socket.close();
    }
  });
});
