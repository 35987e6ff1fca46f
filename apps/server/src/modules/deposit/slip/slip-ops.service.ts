// The console's slips queue: the list with each member's context and a signed image link, its size
// for the dashboard, and the two decisions a staff member makes on a slip. Each decision takes the
// slip's row, refuses a slip someone decided already (OPS_ALREADY_DECIDED), marks it reviewed and
// writes its audit entry in the transaction of the change. A hand credit goes through the one
// crediting path under the transfer's BANK reference, so a transfer that credited by any path (this
// slip, another slip, the bank feed) is refused. The bank's statement must show the transfer, for that
// amount, into a house account; above the four-eyes limit the credit waits for a second staff member
// (slip-credit-approval.service.ts).
import type { Currency } from '@krapao/contracts/constants';
import type { SlipReason } from '@krapao/contracts/errors';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import { SLIP_QUEUE_PENDING_MINUTES, type TOpsSlip, type TOpsSlipDecided } from '@krapao/contracts/ops/slips';
import type { AppContext } from '../../../context.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { publishMemberLive } from '../../../lib/member-live.ts';
import { createMemberRepository, memberContextOf } from '../../account/index.ts';
import { appendAudit, type ReasonedAct } from '../../audit/index.ts';
import { publishOpsQueue } from '../../ops-live/index.ts';
import { createDepositCredit } from '../credit.ts';
import { createSlipRepository, type SlipRow } from './slip.repository.ts';
import { createSlipApprovalRepository, handCreditLimit } from './slip-approval.repository.ts';
import { createSlipBankCheck } from './slip-bank-check.ts';
import { bankReferenceOf } from './slip-checks.ts';
import { readSlipImage, slipMimeOf } from './slip-file.ts';
import { createOpsSlipLinks } from './slip-link.ts';
import { createSlipOpsRepository, type QueuedSlip, type SlipQueueSize } from './slip-ops.repository.ts';

/** The audit actions of a person's decision on a slip (a credit above the limit is first requested). */
export const SLIP_DECISIONS = { credit: 'slip.credit', request: 'slip.credit.request', reject: 'slip.reject' } as const;

/** Who decides, why, and in which call: audited with the decision. */
export type SlipDecision = ReasonedAct;
export type SlipCredit = { amount: number; sendingBank: string; transRef: string };

/** What the member reads of a PENDING slip a person rejected: the bank does not know the transfer. */
const REJECTED_PENDING: SlipReason = 'INVALID_SLIP';

/** The queue's PENDING slips were uploaded before this instant. */
const pendingBefore = (now: Date) => new Date(now.getTime() - SLIP_QUEUE_PENDING_MINUTES * 60_000);

/** What the console's slips queue holds of `currency` at `now`: the dashboard's slips tile. */
export function slipQueueSize(db: Db, currency: string, now: Date): Promise<SlipQueueSize> {
  return createSlipOpsRepository(db).size(pendingBefore(now), currency);
}

const decided = (row: SlipRow, approvalId: number | null = null): TOpsSlipDecided => ({
  id: row.id,
  status: row.status as TOpsSlipDecided['status'],
  transactionId: row.transactionId,
  approvalId,
});

/** The audit entry of a decision on a slip, in its transaction. */
export function auditSlip(
  ctx: AppContext,
  tx: Tx,
  action: string,
  before: SlipRow,
  after: SlipRow,
  by: SlipDecision,
  extra: object = {},
) {
  return appendAudit(tx, {
    actor: 'staff',
    staffId: by.staffId,
    action,
    objectType: 'slip',
    objectId: after.id,
    memberId: after.memberId,
    reason: by.reason,
    before: { status: before.status, note: before.note, sendingBank: before.sendingBank, transRef: before.transRef },
    after: {
      status: after.status,
      note: after.note,
      amount: after.amount.toString(),
      currency: after.currency,
      sendingBank: after.sendingBank,
      transRef: after.transRef,
      transactionId: after.transactionId,
      ...extra,
    },
    requestId: by.requestId,
    at: ctx.now(),
  });
}

export function createSlipOpsService(ctx: AppContext) {
  const repo = createSlipOpsRepository(ctx.db);
  const slips = createSlipRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const credits = createDepositCredit(ctx);
  const links = createOpsSlipLinks(ctx.config.APP_SECRET, ctx.now);
  const approvals = createSlipApprovalRepository(ctx.db);
  const onStatement = createSlipBankCheck(ctx);

  function view({ slip, member }: QueuedSlip): TOpsSlip {
    const currency = slip.currency as Currency;
    return {
      id: slip.id,
      memberId: slip.memberId,
      reference: slip.reference,
      status: slip.status as TOpsSlip['status'],
      note: slip.note,
      amount: fromMinor(slip.amount, currency),
      currency,
      sendingBank: slip.sendingBank,
      transRef: slip.transRef,
      attempts: slip.attempts,
      createdAt: slip.createdAt.toISOString(),
      updatedAt: slip.updatedAt.toISOString(),
      imageUrl: slip.filePath ? links.urlOf(slip.reference) : null,
      member: memberContextOf(member, currency),
    };
  }

  /** The slip's row, taken for a decision: refused when it is gone, settled or reviewed already. */
  async function lockUndecided(tx: Tx, id: number): Promise<SlipRow> {
    const row = await repo.lock(tx, id);
    if (!row) throw new AppError('NO_DATA');
    if (row.reviewedAt || (row.status !== 'PENDING' && row.status !== 'FAILED')) {
      throw new AppError('OPS_ALREADY_DECIDED', { status: row.status });
    }
    return row;
  }

  const audit = (tx: Tx, action: string, before: SlipRow, after: SlipRow, by: SlipDecision, extra: object = {}) =>
    auditSlip(ctx, tx, action, before, after, by, extra);

  /** Above the limit: a slip-credit request for a second person; the slip leaves the queue meanwhile. */
  async function request(id: number, body: SlipCredit, amount: bigint, by: SlipDecision): Promise<TOpsSlipDecided> {
    const reference = bankReferenceOf({ sendingBank: body.sendingBank, transRef: body.transRef });
    const { row, approvalId } = await ctx.db.transaction(async (tx) => {
      const before = await lockUndecided(tx, id);
      if (await repo.referenceUsed(tx, reference)) throw new AppError('OPS_REFERENCE_USED');
      const approval = await approvals.insert(
        tx,
        { memberId: before.memberId, amount, currency: before.currency, reason: by.reason, requestedBy: by.staffId },
        {
          slipId: id,
          slipReference: before.reference,
          bankCode: body.sendingBank,
          reference: body.transRef,
          amount: amount.toString(),
        },
      );
      const after = await repo.awaitingApproval(tx, id, { reviewedBy: by.staffId, reviewedAt: ctx.now() });
      if (!after) throw new Error(`slip ${id} changed under its lock`);
      const named = { amount: amount.toString(), sendingBank: body.sendingBank, transRef: body.transRef };
      await audit(tx, SLIP_DECISIONS.request, before, after, by, { approvalId: approval.id, requested: named });
      return { row: after, approvalId: approval.id };
    });
    publishOpsQueue(ctx, { queue: 'slips', id: String(id), change: 'removed' });
    publishOpsQueue(ctx, { queue: 'approvals', id: String(approvalId), change: 'added' });
    return decided(row, approvalId);
  }

  return {
    async list(query: { limit: number }): Promise<TOpsSlip[]> {
      return (await repo.queue(pendingBefore(ctx.now()), query.limit)).map(view);
    },

    /**
     * Credits the member's wallet once with the amount staff read off the slip: SUCCESS. The bank's
     * statement must show the transfer first; above the limit it waits for a second person.
     */
    async credit(id: number, body: SlipCredit, by: SlipDecision): Promise<TOpsSlipDecided> {
      const reference = bankReferenceOf({ sendingBank: body.sendingBank, transRef: body.transRef });
      const found = await slips.byId(id);
      if (!found) throw new AppError('NO_DATA');
      const currency = found.currency as Currency;
      let amount: bigint;
      try {
        amount = toMinor(body.amount, currency);
      } catch {
        throw new AppError('KEY_INVALID', { reason: 'amount' });
      }
      if (amount <= 0n) throw new AppError('KEY_INVALID', { reason: 'amount' });
      await onStatement({ sendingBank: body.sendingBank, transRef: body.transRef, amount, currency });
      if (amount > handCreditLimit(ctx.config, currency)) return request(id, body, amount, by);
      // The statement's from column: the member's own bank (a slip credits only from it).
      const fromCode = (await members.bankAccountOf(found.memberId))?.bankCode ?? 'BANK';
      const row = await credits.transaction(async (tx, credit) => {
        const before = await lockUndecided(tx, id);
        const result = await credit(tx, {
          memberId: before.memberId,
          amount,
          currency,
          source: 'BANK',
          reference,
          fromCode,
          description: 'slip',
          metadata: { slipReference: before.reference, staffId: by.staffId },
        });
        // Credited before by any path: nothing of this transaction stays.
        if (!result.credited) throw new AppError('OPS_REFERENCE_USED');
        const { transactionId } = result;
        const c = { amount, transactionId, sendingBank: body.sendingBank, transRef: body.transRef };
        const after = await repo.credited(tx, id, c, { reviewedBy: by.staffId, reviewedAt: ctx.now() });
        if (!after) throw new Error(`slip ${id} changed under its lock`);
        await audit(tx, SLIP_DECISIONS.credit, before, after, by);
        return after;
      });
      publishOpsQueue(ctx, { queue: 'slips', id: String(id), change: 'removed' });
      return decided(row);
    },

    /** Confirms the rejection: FAILED (a PENDING one with REJECTED_PENDING), out of the queue. */
    async reject(id: number, by: SlipDecision): Promise<TOpsSlipDecided> {
      const { row, wasPending } = await ctx.db.transaction(async (tx) => {
        const before = await lockUndecided(tx, id);
        const note = before.status === 'FAILED' && before.note ? before.note : REJECTED_PENDING;
        const after = await repo.rejected(tx, id, note, { reviewedBy: by.staffId, reviewedAt: ctx.now() });
        if (!after) throw new Error(`slip ${id} changed under its lock`);
        await audit(tx, SLIP_DECISIONS.reject, before, after, by);
        return { row: after, wasPending: before.status === 'PENDING' };
      });
      publishOpsQueue(ctx, { queue: 'slips', id: String(id), change: 'removed' });
      // The member saw it waiting: their app learns it was refused.
      if (wasPending) {
        publishMemberLive(ctx, row.memberId, { kind: 'slip-refused', amount: row.amount, currency: row.currency });
      }
      return decided(row);
    },

    /** The stored image behind a console link; null when the link is not valid. */
    async image(reference: string, exp?: string, sig?: string): Promise<{ data: Buffer; mime: string } | null> {
      if (!links.isValid(reference, exp, sig)) return null;
      const slip = await slips.byReference(reference);
      const data = slip?.filePath ? await readSlipImage(ctx.files, slip.filePath) : null;
      if (!slip?.filePath || !data) throw new AppError('NO_DATA');
      return { data, mime: slipMimeOf(slip.filePath) };
    },
  };
}
export type SlipOpsService = ReturnType<typeof createSlipOpsService>;
