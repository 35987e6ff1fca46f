// The end of a withdrawal (DESIGN §6): the held money in WITHDRAWALS_PAYABLE leaves the house
// (PAID) or goes back to the member's WALLET (REJECTED) with its unplayed part. The status moves out
// of its state exactly once, in the same database transaction as the posting, so nothing settles twice.
import { PayoutRejected, type PayoutRequest, PayoutUnavailable } from '../../adapters/payouts/payout.port.ts';
import type { AppContext } from '../../context.ts';
import { createCreditConditions } from '../bonus/credit-condition.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Withdrawal, WithdrawalStatus, WithdrawRepository } from './withdraw.repository.ts';

/** What a settlement did: `moved` is false when another process had already settled it. */
export type Settled = { moved: boolean; status: WithdrawalStatus };

export function payoutRequestOf(w: Withdrawal): PayoutRequest {
  return {
    withdrawalId: w.id,
    bankCode: w.bankCode,
    accountNo: w.bankAccountNo,
    accountName: w.bankAccountName,
    amount: w.amount,
    currency: w.currency,
  };
}

export function createPayoutSettlement(ctx: AppContext, ledger: Ledger, repo: WithdrawRepository) {
  const payouts = ctx.payments.payouts;
  const conditions = createCreditConditions(ctx);

  async function current(w: Withdrawal): Promise<Settled> {
    const now = await repo.byId(w.id);
    return { moved: false, status: (now?.status ?? w.status) as WithdrawalStatus };
  }

  /** The bank paid: the house's bank money leaves (WITHDRAWALS_PAYABLE → DEPOSITS_CLEARING). */
  async function markPaid(w: Withdrawal, payoutRef: string): Promise<Settled> {
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, w.currency, w.memberId);
    const clearing = await ledger.houseAccountId(HOUSE.DEPOSITS_CLEARING, w.currency, w.memberId);
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.transition(tx, w.id, ['APPROVED'], 'PAID', { payoutRef });
      if (!row) return false;
      await ledger.post(tx, w.transactionId, [
        { accountId: payable, amount: -w.amount },
        { accountId: clearing, amount: w.amount },
      ]);
      await ledger.repo.setStatus(tx, w.transactionId, ['PENDING'], 'SUCCESS', { payoutRef });
      return true;
    });
    return moved ? { moved, status: 'PAID' } : current(w);
  }

  /**
   * Money back to the member's WALLET (WITHDRAWALS_PAYABLE → WALLET); the statement row FAILED. The
   * unplayed part it took goes back to members.unplayed (the member row before the accounts, the
   * lock order of the hold).
   */
  async function refund(w: Withdrawal, from: WithdrawalStatus[], reason: string): Promise<Settled> {
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, w.currency, w.memberId);
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.transition(tx, w.id, from, 'REJECTED', { note: reason });
      if (!row) return false;
      // Money held before a grant comes back during its condition: it raises the condition like a deposit.
      await conditions.raiseOnReturn(tx, row.memberId, row.amount);
      if (row.unplayedPart > 0n) await repo.addUnplayed(tx, row.memberId, row.unplayedPart);
      const wallet = await ledger.repo.memberAccount(w.memberId, 'WALLET', tx);
      if (!wallet) throw new Error(`withdrawal ${w.id}: member ${w.memberId} has no WALLET`);
      await ledger.post(tx, w.transactionId, [
        { accountId: payable, amount: -w.amount },
        { accountId: wallet.id, amount: w.amount },
      ]);
      await ledger.repo.setStatus(tx, w.transactionId, ['PENDING'], 'FAILED', { reason });
      return true;
    });
    return moved ? { moved, status: 'REJECTED' } : current(w);
  }

  /**
   * One payout attempt for an APPROVED withdrawal the caller holds the lease of (its `attempts`
   * counts this one). After an earlier attempt the bank is asked first: a payment whose answer was
   * lost is not paid again. A transient failure leaves it APPROVED for the worker's next pass.
   */
  async function attempt(w: Withdrawal, timeoutMs: number): Promise<Settled> {
    try {
      let ref: string | null = null;
      if (w.attempts > 1) {
        const known = await payouts.status(w.id, { timeoutMs });
        if (known.state === 'PAID') ref = known.ref;
        if (known.state === 'CANCELLED') return refund(w, ['APPROVED'], 'PAYOUT_CANCELLED');
      }
      ref ??= (await payouts.pay(payoutRequestOf(w), { timeoutMs })).ref;
      return markPaid(w, ref);
    } catch (err) {
      if (err instanceof PayoutRejected) return refund(w, ['APPROVED'], `PAYOUT_REJECTED:${err.reason}`);
      if (!(err instanceof PayoutUnavailable)) throw err;
      await repo.release(w.id, `PAYOUT_UNAVAILABLE:${err.reason}`);
      return { moved: false, status: 'APPROVED' };
    }
  }

  return { markPaid, refund, attempt };
}
export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
