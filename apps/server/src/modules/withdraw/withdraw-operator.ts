// An operator's decisions on withdrawals (DESIGN §6), reached through dev-only endpoints until the
// operator console exists. A reject of an approved withdrawal first voids it at the bank, so a
// payment still on its way cannot land after the money went back to the member.
import { PayoutUnavailable } from '../../adapters/payouts/payout.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawRepository, type Withdrawal, type WithdrawalStatus } from './withdraw.repository.ts';

export const REJECTED_BY_OPERATOR = 'REJECTED_BY_OPERATOR';

export function createWithdrawOperator(ctx: AppContext) {
  const repo = createWithdrawRepository(ctx.db);
  const settlement = createPayoutSettlement(ctx, createLedger(ctx), repo);

  async function find(id: number): Promise<Withdrawal> {
    const w = await repo.byId(id);
    if (!w) throw new AppError('NO_DATA');
    return w;
  }

  const notAllowed = (status: string) => new AppError('KEY_INVALID', { reason: 'withdrawal-status', status });

  /** Voids an approved withdrawal at the bank, then gives the money back; PAID if it was paid first. */
  async function rejectApproved(w: Withdrawal): Promise<WithdrawalStatus> {
    const held = await repo.claimOne(w.id, ctx.now(), ctx.config.PAYOUT_LEASE_MS);
    if (!held) {
      const now = await find(w.id);
      if (now.status !== 'APPROVED') throw notAllowed(now.status);
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
      throw notAllowed(paid.status);
    }
    const settled = await settlement.refund(held, ['APPROVED'], REJECTED_BY_OPERATOR, held.claimFence);
    if (!settled.moved) throw notAllowed(settled.status);
    return settled.status;
  }

  return {
    list: (filter: { memberId?: number; status?: WithdrawalStatus }) => repo.list(filter, 100),

    /** WAITING_APPROVAL → APPROVED: the payout worker pays it on its next pass. */
    async approve(id: number): Promise<Withdrawal> {
      const w = await find(id);
      const moved = await repo.transition(ctx.db, w.id, ['WAITING_APPROVAL'], 'APPROVED');
      if (!moved) throw notAllowed((await find(id)).status);
      return moved;
    },

    /** WAITING_APPROVAL or APPROVED-not-yet-paid → REJECTED with the money back, once. */
    async reject(id: number): Promise<Withdrawal> {
      const w = await find(id);
      if (w.status === 'WAITING_APPROVAL') {
        const settled = await settlement.refund(w, ['WAITING_APPROVAL'], REJECTED_BY_OPERATOR);
        // Approved meanwhile: void it at the bank like any approved one.
        if (!settled.moved && settled.status === 'APPROVED') await rejectApproved(w);
        else if (!settled.moved) throw notAllowed(settled.status);
      } else if (w.status === 'APPROVED') {
        await rejectApproved(w);
      } else {
        throw notAllowed(w.status);
      }
      return find(id);
    },
  };
}
export type WithdrawOperator = ReturnType<typeof createWithdrawOperator>;
