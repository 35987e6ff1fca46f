// The deposits queue on PostgreSQL (PGlite has one connection and cannot show a race): two staff
// assigning one line at once, and a slip of the same transfer arriving while staff assign it, credit
// the transfer once; a slip arriving while staff refuse the line as not ours is either credited
// (and the refusal refused) or refused (and the line stays rejected), never both.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema/account.ts';
import { depositReferences } from '../../db/schema/deposits.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, signedInMember } from '../wallet/testing.ts';
import { createBankNoticeSweep } from './bank-notice/bank-notice-sweep.job.ts';
import { assignLine, rejectLine, reviewOf, stranger } from './deposit-ops-testing.ts';
import { recordTransfer, slipTestApp, testClock, uploadSlip } from './slip/testing.ts';

const MINUTE = 60_000;
const ROUNDS = 5;

describe.skipIf(process.env.TEST_DB !== 'pg')('one unmatched line decided at once', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof slipTestApp>>;
  let staff: SignedInStaff[];
  beforeAll(async () => {
    t = await slipTestApp(clock, { SLIP_VERIFY_TIMEOUT_MS: '30000' });
    staff = [await signedInStaff(t, 'finance'), await signedInStaff(t, 'admin')];
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** A transfer from an account no member registered, swept into the queue. */
  async function heldLine(amount: number) {
    const from = { bankCode: 'SCB', accountNo: stranger().accountNo };
    const slip = await recordTransfer(t, { from, amount, occurredAt: new Date(clock.now().getTime() - MINUTE) });
    await createBankNoticeSweep(t.ctx).runOnce();
    const ref = `${slip.sendingBank}:${slip.transRef}`;
    const [review] = await reviewOf(t, 'BANK', ref);
    expect(review).toMatchObject({ status: 'WAITING', reason: 'unmatched' });
    return { review: review!, slip, from, ref };
  }

  /** A held line whose sender's account became a member's after the sweep held it: their slip now passes. */
  async function heldLineWithSlipper(amount: number) {
    const line = await heldLine(amount);
    const slipper = await signedInMember(t, 0);
    await t.db
      .update(bankAccounts)
      .set({ bankCode: line.from.bankCode, accountNo: line.from.accountNo })
      .where(eq(bankAccounts.memberId, slipper.memberId));
    return { ...line, slipper };
  }

  type Answer = Awaited<ReturnType<typeof uploadSlip>>;
  /** A slip and a staff decision raced: one is answered, the other refused; true when the slip won. */
  function winnerIsSlip(upload: Answer, decision: Answer): boolean {
    const slipWon = upload.json().message === 'SUCCESS';
    if (slipWon) expect(decision.json()).toMatchObject({ message: 'OPS_REFERENCE_USED', status: 'CREDITED' });
    else {
      expect(decision.statusCode).toBe(200);
      expect(upload.json().message).toBe('SLIP_REFNO_DUPLICATED');
    }
    return slipWon;
  }

  const referencesOf = (ref: string) =>
    t.db
      .select()
      .from(depositReferences)
      .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, ref)));
  const assignAudits = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'deposit-review'), eq(auditLog.objectId, String(id))));

  it('two staff assigning the same line to different members: one credit, one OPS_ALREADY_DECIDED', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { review, ref } = await heldLine(80);
      const members = [await signedInMember(t, 0), await signedInMember(t, 0)];
      const answers = await Promise.all(
        staff.map((s, i) => assignLine(t, s, review.id, { memberId: members[i]!.memberId, reason: 'checked' })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('OPS_ALREADY_DECIDED');
      const wallets = await Promise.all(members.map(async (m) => (await balances(t, m)).wallet));
      expect(wallets.sort()).toEqual([0, 80]);
      expect(await referencesOf(ref)).toHaveLength(1);
      expect(await assignAudits(review.id)).toHaveLength(1);
    }
  });

  it('a slip of the transfer and a staff assign at once: credited once, the queue row closed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { review, slip, ref, slipper } = await heldLineWithSlipper(90);
      const m = await signedInMember(t, 0);
      const [upload, assign] = await Promise.all([
        uploadSlip(t, slipper, slip.png),
        assignLine(t, staff[round % 2]!, review.id, { memberId: m.memberId, reason: 'looks like theirs' }),
      ]);
      const slipWon = winnerIsSlip(upload, assign);
      expect((await balances(t, slipper)).wallet).toBe(slipWon ? 90 : 0);
      expect((await balances(t, m)).wallet).toBe(slipWon ? 0 : 90);
      expect(await referencesOf(ref)).toHaveLength(1);
      const [after] = await reviewOf(t, 'BANK', ref);
      expect(after).toMatchObject({ status: 'CREDITED', memberId: slipWon ? slipper.memberId : m.memberId });
      expect(await assignAudits(review.id)).toHaveLength(slipWon ? 0 : 1);
    }
  });

  it('a slip of the transfer and a staff "not ours" at once: credited or refused, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { review, slip, ref, slipper } = await heldLineWithSlipper(70);
      const [upload, reject] = await Promise.all([
        uploadSlip(t, slipper, slip.png),
        rejectLine(t, staff[round % 2]!, review.id, { reason: 'returned to the sender' }),
      ]);
      const slipWon = winnerIsSlip(upload, reject);
      expect((await balances(t, slipper)).wallet).toBe(slipWon ? 70 : 0);
      const [claim] = await referencesOf(ref);
      expect(claim?.memberId).toBe(slipWon ? slipper.memberId : null);
      const [after] = await reviewOf(t, 'BANK', ref);
      expect(after).toMatchObject(
        slipWon ? { status: 'CREDITED', memberId: slipper.memberId } : { status: 'REJECTED' },
      );
      // The same slip again, later: the transfer is spent either way.
      expect((await uploadSlip(t, slipper, slip.png)).json().message).toBe('SLIP_REFNO_DUPLICATED');
      expect((await balances(t, slipper)).wallet).toBe(slipWon ? 70 : 0);
    }
  });
});
