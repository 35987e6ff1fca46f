// An operator's decisions on withdrawals (decision 063): from the operator console, with
// the staff member, their reason and the request id written to the audit trail in the transaction
// of the status change; and from the dev-only endpoints tests use, without. A reject or a mark-paid
// of an approved withdrawal first takes it with the payout worker's claim fence and voids it at the
// bank, so a payment still on its way can neither land after the money went back nor be paid twice.
import { PayoutUnavailable } from '../../adapters/payouts/payout.port.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { createLedger } from '../ledger/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { type AlsoInTx, createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawRepository, type Withdrawal, type WithdrawalStatus } from './withdraw.repository.ts';

export const REJECTED_BY_OPERATOR = 'REJECTED_BY_OPERATOR';

/** Who decides from the console, why, and in which call: audited with the decision. */
export type OperatorDecision = StaffAct;

export function createWithdrawOperator(ctx: AppContext) {
  const repo = createWithdrawRepository(ctx.db);
  const settlement = createPayoutSettlement(ctx, createLedger(ctx), repo);

  async function find(id: number): Promise<Withdrawal> {
    const w = await repo.byId(id);
    if (!w) throw new AppError('NO_DATA');
    return w;
  }

  /** The refusal of a withdrawal no longer in the state a decision needs. */
  function refused(status: string, by?: OperatorDecision) {
    // In the console, a withdrawal someone else approved, paid or rejected meanwhile is "already
    // decided"; one still waiting is only not ready (a mark-paid before approval).
    if (by && status !== 'WAITING_APPROVAL') return new AppError('OPS_ALREADY_DECIDED', { status });
    return new AppError('KEY_INVALID', { reason: 'withdrawal-status', status });
  }

  /** The audit entry of a console decision, written by `also` inside the settlement's transaction. */
  function audited(action: string, before: Withdrawal, by?: OperatorDecision): AlsoInTx | undefined {
    if (!by) return undefined;
    return (tx: Tx, after: Withdrawal) =>
      appendAudit(tx, {
        actor: 'staff',
        staffId: by.staffId,
        action,
        objectType: 'withdrawal',
        objectId: after.id,
        memberId: after.memberId,
        reason: by.reason,
        before: { status: before.status },
        after: { status: after.status, payoutRef: after.payoutRef, note: after.note },
        requestId: by.requestId,
        at: ctx.now(),
      });
  }

  /**
   * Takes an approved withdrawal from the payout worker (the same claim and fence) and voids it at the
   * bank; answers the claimed row, or settles it as paid when the bank had paid it and refuses.
   */
  async function claimAndVoid(w: Withdrawal, by?: OperatorDecision): Promise<Withdrawal> {
    const held = await repo.claimOne(w.id, ctx.now(), ctx.config.PAYOUT_LEASE_MS);
    if (!held) {
      const now = await find(w.id);
      if (now.status !== 'APPROVED') throw refused(now.status, by);
      throw new AppError('KEY_INVALID', { reason: 'payout-in-progress' });
    }
    let state: Awaited<ReturnType<AppContext['payments']['payouts']['cancel']>>;
    try {
      state = await ctx.payments.payouts.cancel(held.id, { timeoutMs: ctx.config.PAYOUT_INLINE_TIMEOUT_MS });
    } catch (err) {
      await repo.release(held.id, held.claimFence, null);
      if (err instanceof PayoutUnavailable) throw new AppError('KEY_INVALID', { reason: 'payout-bank-unavailable' });
      throw err;
    }
    if (state.state === 'PAID') {
      const paid = await settlement.markPaid(held, state.ref, held.claimFence);
      throw refused(paid.status, by);
    }
    return held;
  }

  async function rejectApproved(w: Withdrawal, by?: OperatorDecision): Promise<WithdrawalStatus> {
    const held = await claimAndVoid(w, by);
    const settled = await settlement.refund(
      held,
      ['APPROVED'],
      REJECTED_BY_OPERATOR,
      held.claimFence,
      audited('withdrawal.reject', w, by),
    );
    if (!settled.moved) throw refused(settled.status, by);
    return settled.status;
  }

  return {
    list: (filter: { memberId?: number; status?: WithdrawalStatus }) => repo.list(filter, 100),

    /** WAITING_APPROVAL → APPROVED: the payout worker pays it on its next pass. */
    async approve(id: number, by?: OperatorDecision): Promise<Withdrawal> {
      const w = await find(id);
      const also = audited('withdrawal.approve', w, by);
      const moved = await ctx.db.transaction(async (tx) => {
        const row = await repo.transition(tx, w.id, ['WAITING_APPROVAL'], 'APPROVED');
        if (row) await also?.(tx, row);
        return row;
      });
      if (!moved) throw refused((await find(id)).status, by);
      publishOpsQueue(ctx, { queue: 'withdrawals', id: String(id), change: 'updated' });
      return moved;
    },

    /** WAITING_APPROVAL or APPROVED-not-yet-paid → REJECTED with the money back, once. */
    async reject(id: number, by?: OperatorDecision): Promise<Withdrawal> {
      const w = await find(id);
      if (w.status === 'WAITING_APPROVAL') {
        const also = audited('withdrawal.reject', w, by);
        const settled = await settlement.refund(w, ['WAITING_APPROVAL'], REJECTED_BY_OPERATOR, undefined, also);
        // Approved meanwhile: void it at the bank like any approved one.
        if (!settled.moved && settled.status === 'APPROVED') await rejectApproved(w, by);
        else if (!settled.moved) throw refused(settled.status, by);
      } else if (w.status === 'APPROVED') {
        await rejectApproved(w, by);
      } else {
        throw refused(w.status, by);
      }
      return find(id);
    },

    /**
     * APPROVED → PAID for a withdrawal the bank paid outside the payout worker, with the bank's
     * reference. Refused while the worker holds it; voided at the bank first, so the worker's own
     * payment can never follow.
     */
    async markPaid(id: number, bankRef: string, by: OperatorDecision): Promise<Withdrawal> {
      const w = await find(id);
      if (w.status !== 'APPROVED') throw refused(w.status, by);
      const held = await claimAndVoid(w, by);
      const settled = await settlement.markPaid(held, bankRef, held.claimFence, audited('withdrawal.mark-paid', w, by));
      if (!settled.moved) throw refused(settled.status, by);
      return find(id);
    },
  };
}
export type WithdrawOperator = ReturnType<typeof createWithdrawOperator>;
