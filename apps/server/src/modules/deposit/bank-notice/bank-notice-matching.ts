// What one transfer on the bank feed becomes (decision 040): to an AUTO house account from a
// member's registered account → credited at once; to another house account → credited when the
// member filed a notice for exactly that amount, else left for a slip upload. The credit uses the
// slip's identity as its reference, so a transfer credits once whichever way comes first. A transfer
// into a house account that no member of its currency sent waits in deposit_reviews for a person.

import type { FeedTransfer } from '../../../adapters/bank-feed/bank-feed.port.ts';
import { type ReceivingAccount, receivingAccountOf } from '../../../adapters/bank-feed/receiving-accounts.ts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { type CreditIn, createDepositCredit } from '../credit.ts';
import { createDepositReviewRepository } from '../deposit-review.repository.ts';
import { createBankNoticeRepository, type Sender } from './bank-notice.repository.ts';

/** A notice matches transfers that became visible up to this long after it was filed. */
export const NOTICE_TTL_MS = 24 * 3_600_000;

export type Credited = {
  kind: 'CREDITED';
  feedId: number;
  memberId: number;
  amount: bigint;
  transactionId: number;
} & Pick<FeedTransfer, 'currency'>;
export type FeedOutcome =
  | Credited
  /** A slip upload credited this transfer first. */
  | { kind: 'ALREADY_CREDITED'; feedId: number }
  | { kind: 'LEFT_FOR_SLIP'; feedId: number }
  /**
   * Operator matters: nobody registered the sending account, the money went elsewhere, or currencies
   * differ. The first and the last are held for the deposits queue (`reviewId`, when held just now).
   */
  | { kind: 'UNKNOWN_SENDER' | 'NOT_HOUSE_ACCOUNT' | 'CURRENCY_MISMATCH'; feedId: number; reviewId?: number }
  /** Another sweep has the row (or the notice) right now. */
  | { kind: 'SKIPPED'; feedId: number };

/** The BANK deposit reference of a transfer: the slip mini-QR's identity (decision 040). */
export const bankReference = (t: Pick<FeedTransfer, 'sendingBank' | 'transRef'>) => `${t.sendingBank}:${t.transRef}`;

export function createBankNoticeMatcher(ctx: AppContext) {
  const feed = ctx.payments.bankFeed;
  const repo = createBankNoticeRepository(ctx.db);
  const credits = createDepositCredit(ctx);
  const reviews = createDepositReviewRepository(ctx.db);

  /** Holds a transfer no member can be credited with for the deposits queue; answers the outcome. */
  async function holdUnmatched(tx: Tx, t: FeedTransfer, outcome: FeedOutcome): Promise<FeedOutcome> {
    if (outcome.kind !== 'UNKNOWN_SENDER' && outcome.kind !== 'CURRENCY_MISMATCH') return outcome;
    const reviewId = await reviews.hold(tx, {
      kind: 'BANK',
      ref: bankReference(t),
      memberId: null,
      amount: t.amount,
      currency: t.currency,
      reason: outcome.kind === 'UNKNOWN_SENDER' ? 'unmatched' : 'currency-mismatch',
      detail: {
        feedId: t.id,
        fromBankCode: t.fromBankCode,
        fromAccountNo: t.fromAccountNo,
        toBankCode: t.toBankCode,
        toAccountNo: t.toAccountNo,
        at: t.occurredAt.toISOString(),
      },
      createdAt: ctx.now(),
    });
    return reviewId === null ? outcome : { ...outcome, reviewId };
  }

  /**
   * Credits the transfer; a notice is answered by it when it credited, or (`slipCounts`) when a slip
   * of this very transfer credited the same member first.
   */
  async function credit(
    tx: Tx,
    creditIn: CreditIn,
    t: FeedTransfer,
    sender: Sender,
    noticeId: number | null,
    slipCounts: boolean,
  ): Promise<FeedOutcome> {
    const result = await creditIn(tx, {
      memberId: sender.memberId,
      amount: t.amount,
      currency: t.currency,
      source: 'BANK',
      reference: bankReference(t),
      fromCode: t.fromBankCode,
      toAccountNo: t.toAccountNo,
      metadata: { feedId: t.id, toBankCode: t.toBankCode, ...(noticeId !== null ? { noticeId } : {}) },
    });
    const answered = result.credited || (slipCounts && result.byMemberId === sender.memberId);
    if (noticeId !== null && answered) await repo.matchNotice(tx, noticeId, t.id, ctx.now());
    if (!result.credited) return { kind: 'ALREADY_CREDITED', feedId: t.id };
    return {
      kind: 'CREDITED',
      feedId: t.id,
      memberId: sender.memberId,
      amount: t.amount,
      currency: t.currency,
      transactionId: result.transactionId,
    };
  }

  async function decide(
    tx: Tx,
    creditIn: CreditIn,
    t: FeedTransfer,
    accounts: ReceivingAccount[],
  ): Promise<FeedOutcome> {
    const house = receivingAccountOf(accounts, t.toAccountNo, t.toBankCode);
    if (!house) return { kind: 'NOT_HOUSE_ACCOUNT', feedId: t.id };
    const sender = await repo.senderOf(tx, t.fromBankCode, t.fromAccountNo);
    if (!sender) return { kind: 'UNKNOWN_SENDER', feedId: t.id };
    if (sender.currency !== t.currency) return { kind: 'CURRENCY_MISMATCH', feedId: t.id };
    const noticeId = await repo.claimNotice(tx, {
      memberId: sender.memberId,
      amount: t.amount,
      currency: t.currency,
      from: new Date(t.visibleAt.getTime() - NOTICE_TTL_MS),
      to: ctx.now(),
    });
    if (!house.isAuto && noticeId === null) return { kind: 'LEFT_FOR_SLIP', feedId: t.id };
    return credit(tx, creditIn, t, sender, noticeId, true);
  }

  return {
    /** One listed transfer, in one transaction with its processed mark; a credit is delivered after it. */
    processTransfer(id: number, accounts: ReceivingAccount[]): Promise<FeedOutcome> {
      return credits.transaction(async (tx, creditIn) => {
        const t = await feed.claim(tx, id);
        if (!t) return { kind: 'SKIPPED', feedId: id } as const;
        const outcome = await holdUnmatched(tx, t, await decide(tx, creditIn, t, accounts));
        await feed.markProcessed(t.id, tx);
        return outcome;
      });
    },

    /**
     * A notice filed after its transfer was already processed (the member transferred, then told
     * us): matched against the sender's processed, uncredited transfers to a house account.
     */
    async matchLateNotice(
      n: Awaited<ReturnType<typeof repo.recentOpenNotices>>[number],
      accounts: ReceivingAccount[],
    ): Promise<FeedOutcome | null> {
      const candidates = (
        await feed.processedFrom(
          {
            fromBankCode: n.bankCode,
            fromAccountNo: n.accountNo,
            amount: n.amount,
            currency: n.currency as FeedTransfer['currency'],
            from: new Date(n.createdAt.getTime() - NOTICE_TTL_MS),
            to: ctx.now(),
          },
          10,
        )
      ).filter((t) => receivingAccountOf(accounts, t.toAccountNo, t.toBankCode));
      const used = await repo.usedBankReferences(candidates.map(bankReference));
      const t = candidates.find((c) => !used.has(bankReference(c)));
      if (!t) return null;
      return credits.transaction(async (tx, creditIn) => {
        if (!(await repo.lockOpenNotice(tx, n.id))) return { kind: 'SKIPPED', feedId: t.id } as const;
        const sender = await repo.senderOf(tx, t.fromBankCode, t.fromAccountNo);
        if (!sender || sender.memberId !== n.memberId || sender.currency !== t.currency) return null;
        // Only a credit answers a late notice: another notice may have taken this transfer meanwhile.
        return credit(tx, creditIn, t, sender, n.id, false);
      });
    },
  };
}
export type BankNoticeMatcher = ReturnType<typeof createBankNoticeMatcher>;
