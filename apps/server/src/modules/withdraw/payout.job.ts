// Pays approved withdrawals (docs/architecture.md §3.3, §6): an interval worker whose work list is the database,
// so nothing is lost on restart. Each withdrawal is taken with a lease and a claim fence (FOR UPDATE
// SKIP LOCKED). A lease may run out before the worker reaches a row it claimed; then another
// instance may claim it, and the fence makes this worker's attempt and settlement of it no-ops.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createLedger } from '../ledger/index.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawRepository } from './withdraw.repository.ts';

const BATCH = 20;

export function createPayoutWorker(ctx: AppContext) {
  const repo = createWithdrawRepository(ctx.db);
  const settlement = createPayoutSettlement(ctx, createLedger(ctx), repo);
  const { PAYOUT_LEASE_MS, PAYOUT_TIMEOUT_MS } = ctx.config;

  /**
   * One pass; answers how many withdrawals it settled (paid or rejected). Stopping (`signal`), it
   * gives back the withdrawals it has not begun.
   */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const claimed = await repo.claimApproved(ctx.now(), PAYOUT_LEASE_MS, BATCH);
    let settled = 0;
    for (const w of claimed) {
      if (signal?.aborted) {
        await repo.release(w.id, w.claimFence, null);
        continue;
      }
      // The lease ran out meanwhile: the row may have a new holder; the next pass claims it again.
      if (w.leaseUntil && w.leaseUntil.getTime() <= ctx.now().getTime()) continue;
      const outcome = await settlement.attempt(w, PAYOUT_TIMEOUT_MS);
      if (outcome.moved) settled += 1;
    }
    return settled;
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
