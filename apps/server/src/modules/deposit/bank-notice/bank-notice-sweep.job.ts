// The bank-notice sweep (docs/architecture.md §4, decision 040): an interval worker whose work list is the bank's
// statement, so nothing is lost across restarts. Each transfer is taken with a row lock (SKIP
// LOCKED) in the transaction that credits it and marks it processed: several server instances
// sweeping at once process each transfer once. A transfer no member matched waits in the console's
// deposits queue; one a slip or a late notice credited meanwhile leaves the queue.
import { receivingAccounts } from '../../../adapters/bank-feed/receiving-accounts.ts';
import type { AppContext } from '../../../context.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import { recordCallFailure } from '../../../lib/party-failures.ts';
import { createLookupService } from '../../lookup/index.ts';
import { publishOpsQueue } from '../../ops-live/index.ts';
import { createDepositReviewRepository } from '../deposit-review.repository.ts';
import { createBankNoticeRepository } from './bank-notice.repository.ts';
import { createBankNoticeMatcher, type FeedOutcome, NOTICE_TTL_MS } from './bank-notice-matching.ts';

const BATCH = 50;
/** Notices this young are also matched against transfers processed before they were filed. */
const LATE_NOTICE_WINDOW_MS = 15 * 60_000;

export type SweepLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type SweepResult = { credited: number; processed: number; failed: number; expiredNotices: number };

const OPERATOR_MATTERS = new Set<FeedOutcome['kind']>(['UNKNOWN_SENDER', 'NOT_HOUSE_ACCOUNT', 'CURRENCY_MISMATCH']);

export function createBankNoticeSweep(ctx: AppContext, log?: SweepLog) {
  const matcher = createBankNoticeMatcher(ctx);
  const repo = createBankNoticeRepository(ctx.db);
  const lookup = createLookupService(ctx);
  const reviews = createDepositReviewRepository(ctx.db);

  function tally(outcome: FeedOutcome | null, result: SweepResult) {
    if (!outcome || outcome.kind === 'SKIPPED') return;
    if (OPERATOR_MATTERS.has(outcome.kind)) {
      log?.warn({ feedId: outcome.feedId, outcome: outcome.kind }, 'bank feed: transfer not credited');
    }
    if ('reviewId' in outcome && outcome.reviewId !== undefined) {
      publishOpsQueue(ctx, { queue: 'deposits', id: String(outcome.reviewId), change: 'added' });
    }
    // Delivered to the deposit-credited subscribers after its commit (a bank-feed credit is never
    // refused: docs/product.md §4.2).
    if (outcome.kind === 'CREDITED') result.credited += 1;
  }

  /** One pass: visible transfers, then young notices, then notice expiry. Throws when the feed is down. */
  async function runOnce(signal?: AbortSignal): Promise<SweepResult> {
    const result: SweepResult = { credited: 0, processed: 0, failed: 0, expiredNotices: 0 };
    const transfers = await ctx.payments.bankFeed.listUnprocessed(BATCH).catch(async (err: unknown) => {
      await recordCallFailure(ctx, 'bank_feed', err);
      throw err;
    });
    const accounts = receivingAccounts(await lookup.deposit());
    for (const t of transfers) {
      // Stopping: what is left stays unprocessed for the next pass on any instance.
      if (signal?.aborted) return result;
      try {
        const outcome = await matcher.processTransfer(t.id, accounts);
        if (outcome.kind !== 'SKIPPED') result.processed += 1;
        tally(outcome, result);
      } catch (err) {
        // Left unprocessed: the next pass tries it again.
        result.failed += 1;
        log?.error({ err, feedId: t.id }, 'bank feed: transfer failed to process');
      }
    }
    const now = ctx.now();
    for (const notice of await repo.recentOpenNotices(new Date(now.getTime() - LATE_NOTICE_WINDOW_MS), BATCH)) {
      if (signal?.aborted) return result;
      try {
        tally(await matcher.matchLateNotice(notice, accounts), result);
      } catch (err) {
        result.failed += 1;
        log?.error({ err, noticeId: notice.id }, 'bank feed: notice failed to match');
      }
    }
    result.expiredNotices = await repo.expireNotices(new Date(now.getTime() - NOTICE_TTL_MS), now);
    await reviews.closeCreditedElsewhere('BANK', now);
    return result;
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type BankNoticeSweep = ReturnType<typeof createBankNoticeSweep>;
