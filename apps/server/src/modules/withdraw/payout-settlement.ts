// The end of a withdrawal (docs/architecture.md §3.3): the held money in WITHDRAWALS_PAYABLE leaves the house
// (PAID) or goes back to the member's WALLET (REJECTED) with its unplayed part. The status moves out
// of its state exactly once, in the same database transaction as the posting, so nothing settles twice.
// The bank is called for a withdrawal only after a payout attempt is written under the caller's claim
// fence, and never again while an earlier attempt's outcome is unknown to us and to the bank.
import {
  PayoutRejected,
  type PayoutRequest,
  type PayoutState,
  PayoutUnavailable,
} from '../../adapters/payouts/payout.port.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { publishMemberLive } from '../../lib/member-live.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { createCreditConditions } from '../bonus/index.ts';
import { HOUSE, type Ledger } from '../ledger/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { type AttemptDetail, createPayoutAttemptRepository, type PayoutAttempt } from './payout-attempt.repository.ts';
import type { Withdrawal, WithdrawalStatus, WithdrawRepository } from './withdraw.repository.ts';

/** What a settlement did: `moved` is false when another process had already settled it. */
export type Settled = { moved: boolean; status: WithdrawalStatus };
/** More to write in a settlement's transaction (an operator's audit entry), given the settled row. */
export type AlsoInTx = (tx: Tx, settled: Withdrawal) => Promise<unknown>;

export function payoutRequestOf(w: Withdrawal, requestKey?: string): PayoutRequest {
  return {
    withdrawalId: w.id,
    ...(requestKey ? { requestKey } : {}),
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
  const attempts = createPayoutAttemptRepository(ctx.db);

  async function current(w: Withdrawal): Promise<Settled> {
    const now = await repo.byId(w.id);
    return { moved: false, status: (now?.status ?? w.status) as WithdrawalStatus };
  }

  /**
   * The bank paid: the house's bank money leaves (WITHDRAWALS_PAYABLE → DEPOSITS_CLEARING). With a
   * `fence`, only while that claim still holds the withdrawal. `also` writes in the same transaction.
   */
  async function markPaid(w: Withdrawal, payoutRef: string, fence?: number, also?: AlsoInTx): Promise<Settled> {
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, w.currency, w.memberId);
    const clearing = await ledger.houseAccountId(HOUSE.DEPOSITS_CLEARING, w.currency, w.memberId);
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.transition(tx, w.id, ['APPROVED'], 'PAID', { payoutRef }, fence);
      if (!row) return false;
      await ledger.post(tx, w.transactionId, [
        { accountId: payable, amount: -w.amount },
        { accountId: clearing, amount: w.amount },
      ]);
      await ledger.setStatus(tx, w.transactionId, ['PENDING'], 'SUCCESS', { payoutRef });
      await also?.(tx, row);
      return true;
    });
    if (!moved) return current(w);
    publishOpsQueue(ctx, { queue: 'withdrawals', id: String(w.id), change: 'removed' });
    publishMemberLive(ctx, w.memberId, { kind: 'withdraw-paid', amount: w.amount, currency: w.currency });
    return { moved, status: 'PAID' };
  }

  /**
   * Money back to the member's WALLET (WITHDRAWALS_PAYABLE → WALLET); the statement row FAILED. The
   * unplayed part it took goes back to members.unplayed (under the member row lock `raiseOnReturn`
   * takes: the ledger's lock order). With a `fence`, only while that claim still holds the withdrawal.
   * `also` writes in the same transaction.
   */
  async function refund(
    w: Withdrawal,
    from: WithdrawalStatus[],
    reason: string,
    fence?: number,
    also?: AlsoInTx,
  ): Promise<Settled> {
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, w.currency, w.memberId);
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.transition(tx, w.id, from, 'REJECTED', { note: reason }, fence);
      if (!row) return false;
      // Money held before a grant comes back during its condition: it raises the condition like a deposit.
      await conditions.raiseOnReturn(tx, row.memberId, row.amount);
      if (row.unplayedPart > 0n) await repo.addUnplayed(tx, row.memberId, row.unplayedPart);
      const wallet = await ledger.memberAccount(w.memberId, 'WALLET', tx);
      if (!wallet) throw new Error(`withdrawal ${w.id}: member ${w.memberId} has no WALLET`);
      await ledger.post(tx, w.transactionId, [
        { accountId: payable, amount: -w.amount },
        { accountId: wallet.id, amount: w.amount },
      ]);
      await ledger.setStatus(tx, w.transactionId, ['PENDING'], 'FAILED', { reason });
      await also?.(tx, row);
      return true;
    });
    if (!moved) return current(w);
    publishOpsQueue(ctx, { queue: 'withdrawals', id: String(w.id), change: 'removed' });
    publishMemberLive(ctx, w.memberId, { kind: 'withdraw-refused', amount: w.amount, currency: w.currency });
    return { moved, status: 'REJECTED' };
  }

  /** Settles from what the bank's books say; null when it never got the payment (NOT_FOUND). */
  async function fromBank(w: Withdrawal, known: PayoutState, last: PayoutAttempt | null): Promise<Settled | null> {
    const fence = w.claimFence;
    if (known.state === 'PAID') {
      if (last) await attempts.answer(last.id, 'PAID', { ref: known.ref });
      return markPaid(w, known.ref, fence);
    }
    if (known.state === 'CANCELLED') {
      if (last) await attempts.answer(last.id, 'FAILED', { rejected: 'CANCELLED' });
      return refund(w, ['APPROVED'], 'PAYOUT_CANCELLED', fence);
    }
    if (last) await attempts.answer(last.id, 'FAILED', { notFound: true });
    return null;
  }

  /**
   * What the latest attempt already tells: a definite answer settles from it; an unknown one (no
   * answer, or a worker that stopped during its call) is asked of the bank first. Null when a new
   * attempt may be made.
   */
  async function fromLast(w: Withdrawal, last: PayoutAttempt | null, timeoutMs: number): Promise<Settled | null> {
    const detail = (last?.detail ?? {}) as AttemptDetail;
    if (last?.status === 'PAID' && detail.ref) return markPaid(w, detail.ref, w.claimFence);
    if (last?.status === 'FAILED' && detail.rejected) {
      return refund(w, ['APPROVED'], `PAYOUT_REJECTED:${detail.rejected}`, w.claimFence);
    }
    if (last?.status === 'FAILED') return null;
    // Claimed more than once without an attempt on record (rows from before attempts were kept).
    if (!last && w.attempts <= 1) return null;
    return fromBank(w, await payouts.status(w.id, { timeoutMs }), last);
  }

  /**
   * One payout attempt for an APPROVED withdrawal the caller claimed (`w.claimFence` is its claim).
   * The attempt is written before the call, under the fence; a later claim makes this one a no-op.
   * A transient failure leaves it APPROVED for the worker's next pass, which asks the bank first.
   */
  async function attempt(w: Withdrawal, timeoutMs: number): Promise<Settled> {
    const fence = w.claimFence;
    try {
      const last = await attempts.last(w.id);
      const known = await fromLast(w, last, timeoutMs);
      if (known) return known;
      // The lease covers the call: nobody claims the withdrawal before it has surely timed out.
      const leaseUntil = new Date(ctx.now().getTime() + ctx.config.PAYOUT_LEASE_MS + timeoutMs);
      const sending = await attempts.open(w.id, fence, (last?.attempt ?? 0) + 1, leaseUntil);
      if (!sending) return current(w);
      let ref: string;
      try {
        ref = (await payouts.pay(payoutRequestOf(w, sending.requestKey), { timeoutMs })).ref;
      } catch (err) {
        if (err instanceof PayoutRejected) await attempts.answer(sending.id, 'FAILED', { rejected: err.reason });
        if (err instanceof PayoutUnavailable) await attempts.answer(sending.id, 'UNKNOWN', { reason: err.reason });
        throw err;
      }
      await attempts.answer(sending.id, 'PAID', { ref });
      return markPaid(w, ref, fence);
    } catch (err) {
      void recordCallFailure(ctx, 'payouts', err);
      if (err instanceof PayoutRejected) return refund(w, ['APPROVED'], `PAYOUT_REJECTED:${err.reason}`, fence);
      if (!(err instanceof PayoutUnavailable)) throw err;
      await repo.release(w.id, fence, `PAYOUT_UNAVAILABLE:${err.reason}`);
      return { moved: false, status: 'APPROVED' };
    }
  }

  return { markPaid, refund, attempt };
}
export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
