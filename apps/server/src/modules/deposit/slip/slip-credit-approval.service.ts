// A slip credited by hand above the four-eyes limit waits in ops_approvals (kind 'slip-credit') for a
// second staff member, never the requester (OPS_SELF_APPROVAL). Approving credits the transfer through
// the one crediting path in the transaction that moves the request from pending (so it is decided
// once: OPS_ALREADY_DECIDED), marks the slip and writes the audit entries after the money. A transfer
// that credited meanwhile by any path (a slip, the bank feed) closes the request rejected and answers
// OPS_REFERENCE_USED; a rejected request puts its slip back in the queue.
import type { Currency } from '@krapao/contracts/constants';
import type { TApprovalSlip } from '@krapao/contracts/ops/approvals';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createMemberRepository } from '../../account/index.ts';
import { appendAudit, type ReasonedAct } from '../../audit/index.ts';
import { publishOpsQueue } from '../../ops-live/index.ts';
import { createDepositCredit } from '../credit.ts';
import {
  createSlipApprovalRepository,
  SLIP_CREDIT_KIND,
  type SlipApprovalRow,
  type SlipCreditPayload,
} from './slip-approval.repository.ts';
import { bankReferenceOf } from './slip-checks.ts';
import { createOpsSlipLinks } from './slip-link.ts';
import { createSlipOpsRepository } from './slip-ops.repository.ts';
import { auditSlip, SLIP_DECISIONS } from './slip-ops.service.ts';

const isOpen = (status: string) => status === 'PENDING' || status === 'FAILED';

export function createSlipCreditApprovals(ctx: AppContext) {
  const approvals = createSlipApprovalRepository(ctx.db);
  const slipsRepo = createSlipOpsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const credits = createDepositCredit(ctx);
  const links = createOpsSlipLinks(ctx.config.APP_SECRET, ctx.now);

  /** The request a decision may act on: NO_DATA, OPS_SELF_APPROVAL, OPS_ALREADY_DECIDED. */
  async function decidable(by: ReasonedAct, id: number): Promise<SlipApprovalRow> {
    const row = await approvals.byId(id);
    if (!row) throw new AppError('NO_DATA');
    if (row.requestedBy === by.staffId) throw new AppError('OPS_SELF_APPROVAL');
    if (row.status !== 'pending') throw new AppError('OPS_ALREADY_DECIDED');
    return row;
  }

  function audit(tx: Tx, by: ReasonedAct, action: string, row: SlipApprovalRow, extra: object) {
    return appendAudit(tx, {
      actor: 'staff',
      staffId: by.staffId,
      action,
      objectType: 'approval',
      objectId: row.id,
      memberId: row.memberId,
      reason: by.reason,
      after: {
        status: row.status,
        kind: row.kind,
        amount: row.amount?.toString() ?? null,
        currency: row.currency,
        ...extra,
      },
      requestId: by.requestId,
      at: ctx.now(),
    });
  }

  return {
    /** The slip and transfer a slip-credit request names, with a fresh image link; null for another kind. */
    slipOf(row: { kind: string; payload: unknown }): TApprovalSlip | null {
      if (row.kind !== SLIP_CREDIT_KIND || !row.payload) return null;
      const p = row.payload as SlipCreditPayload;
      return {
        slipId: p.slipId,
        reference: p.slipReference,
        sendingBank: p.bankCode,
        transRef: p.reference,
        imageUrl: links.urlOf(p.slipReference),
      };
    },

    /** Approves and credits, exactly once; OPS_REFERENCE_USED (request closed) when the transfer credited meanwhile. */
    async approve(by: ReasonedAct, id: number): Promise<void> {
      const pending = await decidable(by, id);
      const p = pending.payload as SlipCreditPayload;
      const fromCode = (await members.bankAccountOf(pending.memberId))?.bankCode ?? 'BANK';
      const used = await credits.transaction(async (tx, credit) => {
        const now = ctx.now();
        const row = await approvals.decide(tx, id, 'approved', by.staffId, now);
        if (!row) throw new AppError('OPS_ALREADY_DECIDED');
        const before = await slipsRepo.lock(tx, p.slipId);
        if (!before) throw new Error(`slip ${p.slipId} of approval ${id} is gone`);
        const amount = row.amount!;
        // A slip settled meanwhile (the verifier credited it) credits nothing more.
        const open = isOpen(before.status) && before.reviewedBy === row.requestedBy;
        const result = open
          ? await credit(tx, {
              memberId: row.memberId,
              amount,
              currency: row.currency as Currency,
              source: 'BANK',
              reference: bankReferenceOf({ sendingBank: p.bankCode, transRef: p.reference }),
              fromCode,
              description: 'slip',
              metadata: { slipReference: before.reference, staffId: row.requestedBy, approvalId: id },
            })
          : null;
        if (!result?.credited) {
          const failed = await approvals.failed(tx, id);
          await approvals.unreview(tx, p.slipId, row.requestedBy, now);
          await audit(tx, by, 'approval.reject', failed, { slipId: p.slipId, outcome: 'reference-used' });
          return true;
        }
        const { transactionId } = result;
        const c = { amount, transactionId, sendingBank: p.bankCode, transRef: p.reference };
        const after = await slipsRepo.credited(
          tx,
          p.slipId,
          c,
          { reviewedBy: by.staffId, reviewedAt: now },
          row.requestedBy,
        );
        if (!after) throw new Error(`slip ${p.slipId} changed under its lock`);
        const booked = await approvals.booked(tx, id, transactionId);
        await audit(tx, by, 'approval.approve', booked, { slipId: p.slipId, transactionId });
        await auditSlip(ctx, tx, SLIP_DECISIONS.credit, before, after, by, { approvalId: id });
        return false;
      });
      publishOpsQueue(ctx, { queue: 'approvals', id: String(id), change: 'removed' });
      if (used) {
        publishOpsQueue(ctx, { queue: 'slips', id: String(p.slipId), change: 'added' });
        throw new AppError('OPS_REFERENCE_USED');
      }
    },

    /** Rejects the request: nothing is credited and the slip is back in the queue for a decision. */
    async reject(by: ReasonedAct, id: number): Promise<void> {
      const pending = await decidable(by, id);
      const p = pending.payload as SlipCreditPayload;
      await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const row = await approvals.decide(tx, id, 'rejected', by.staffId, now);
        if (!row) throw new AppError('OPS_ALREADY_DECIDED');
        await approvals.unreview(tx, p.slipId, row.requestedBy, now);
        await audit(tx, by, 'approval.reject', row, { slipId: p.slipId });
      });
      publishOpsQueue(ctx, { queue: 'approvals', id: String(id), change: 'removed' });
      publishOpsQueue(ctx, { queue: 'slips', id: String(p.slipId), change: 'added' });
    },
  };
}
export type SlipCreditApprovals = ReturnType<typeof createSlipCreditApprovals>;
