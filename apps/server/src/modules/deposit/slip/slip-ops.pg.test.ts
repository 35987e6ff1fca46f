// Staff deciding slips at the same time, on PostgreSQL (PGlite has one connection and cannot show
// the race): one slip credited by two staff members at once, one bank transfer credited by hand from
// two slips at once, and a credit racing a rejection, each credit the wallet once and leave the slip
// reviewed by the one who won.
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slips } from '../../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { auditLog } from '../../../db/schema/ops.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../../staff/testing.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import { recordTransfer, slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;

describe.skipIf(process.env.TEST_DB !== 'pg')('staff deciding slips at once on PostgreSQL', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof slipTestApp>>;
  let staff: SignedInStaff[];
  beforeAll(async () => {
    t = await slipTestApp(clock);
    staff = [await signedInStaff(t, 'finance'), await signedInStaff(t, 'admin')];
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** A FAILED slip (the transfer came from an account not the member's) of a 300 baht transfer. */
  async function failedSlip() {
    const m = await signedInMember(t, 0);
    const sent = await recordTransfer(t, {
      from: { bankCode: 'SCB', accountNo: '9990001112' },
      amount: 300,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
    });
    const res = await uploadSlip(t, m, sent.png);
    expect(res.json().note).toBe('NOT_MATCH');
    return { m, id: (await slipOf(t, res.json().reference)).id, sent };
  }

  const body = (sent: { sendingBank: string; transRef: string }) => ({
    amount: '300',
    sendingBank: sent.sendingBank,
    transRef: sent.transRef,
    reason: 'seen on the bank statement',
  });
  const post = (s: SignedInStaff, path: string, id: number, payload: object) =>
    opsCall(t, s, 'POST', path.replace(':slipId', String(id)), payload);
  const deposits = (memberId: number) =>
    t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.type, 'DEPOSIT')));
  const audits = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'slip'), eq(auditLog.objectId, String(id))));
  const rowOf = async (id: number) => (await t.db.select().from(slips).where(eq(slips.id, id)))[0]!;
  const statusOf = async (id: number) => (await rowOf(id)).status;
  /** The staff member whose call answered 200. */
  const winner = (answers: { statusCode: number }[], who: SignedInStaff[]) =>
    who[answers.findIndex((r) => r.statusCode === 200)]!.id;

  it('two staff crediting one slip at once: one credit, one OPS_ALREADY_DECIDED', async () => {
    for (let round = 0; round < 5; round++) {
      const { m, id, sent } = await failedSlip();
      const answers = await Promise.all(staff.map((s) => post(s, slipsPaths.credit, id, body(sent))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('OPS_ALREADY_DECIDED');
      expect((await balances(t, m)).wallet).toBe(300);
      const ledger = await deposits(m.memberId);
      expect(ledger.map((d) => [d.amount, d.status])).toEqual([[30_000n, 'SUCCESS']]);
      expect(ledger[0]!.id).toBe(answers.find((r) => r.statusCode === 200)!.json().transactionId);
      const [entry, ...more] = await audits(id);
      expect(more).toEqual([]);
      expect(await rowOf(id)).toMatchObject({ reviewedBy: winner(answers, staff), reviewedAt: expect.any(Date) });
      expect(entry!.staffId).toBe(winner(answers, staff));
    }
  });

  it('one bank transfer credited by hand from two slips at once: once, the other OPS_REFERENCE_USED', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await failedSlip();
      const b = await failedSlip();
      const answers = await Promise.all([
        post(staff[0]!, slipsPaths.credit, a.id, body(a.sent)),
        post(staff[1]!, slipsPaths.credit, b.id, body(a.sent)),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('OPS_REFERENCE_USED');
      const wallets = [(await balances(t, a.m)).wallet, (await balances(t, b.m)).wallet];
      expect(wallets.sort()).toEqual([0, 300]);
      const statuses = [await statusOf(a.id), await statusOf(b.id)];
      expect(statuses.sort()).toEqual(['FAILED', 'SUCCESS']);
      // The refused credit left its slip in the queue, unreviewed.
      const rows = [await rowOf(a.id), await rowOf(b.id)];
      expect(rows.map((r) => (r.status === 'SUCCESS' ? r.reviewedBy : r.reviewedAt))).toEqual(
        rows.map((r) => (r.status === 'SUCCESS' ? winner(answers, staff) : null)),
      );
      expect((await audits(a.id)).length + (await audits(b.id)).length).toBe(1);
    }
  });

  it('a credit and a rejection at once: exactly one decision stands', async () => {
    for (let round = 0; round < 5; round++) {
      const { m, id, sent } = await failedSlip();
      const answers = await Promise.all([
        post(staff[0]!, slipsPaths.credit, id, body(sent)),
        post(staff[1]!, slipsPaths.reject, id, { reason: 'not ours' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const credited = answers[0]!.statusCode === 200;
      expect(await rowOf(id)).toMatchObject({
        status: credited ? 'SUCCESS' : 'FAILED',
        reviewedBy: winner(answers, staff),
      });
      expect((await balances(t, m)).wallet).toBe(credited ? 300 : 0);
      expect(await deposits(m.memberId)).toHaveLength(credited ? 1 : 0);
      expect(await audits(id)).toHaveLength(1);
    }
  });
});
