// Pays approved withdrawals (DESIGN §2, §6): an interval worker whose work list is the database,
// so nothing is lost on restart. Each withdrawal is taken with a lease (FOR UPDATE SKIP LOCKED), so
// several server instances never work on the same one; the bank pays once per withdrawal id anyway.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawRepository } from './withdraw.repository.ts';

const BATCH = 20;

export function createPayoutWorker(ctx: AppContext) {
  const repo = createWithdrawRepository(ctx.db);
  const settlement = createPayoutSettlement(ctx, createLedger(ctx), repo);
  const { PAYOUT_LEASE_MS, PAYOUT_TIMEOUT_MS } = ctx.config;

  /** One pass; answers how many withdrawals it settled (paid or rejected). */
  async function runOnce(): Promise<number> {
    const claimed = await repo.claimApproved(ctx.now(), PAYOUT_LEASE_MS, BATCH);
    let settled = 0;
    for (const w of claimed) {
      const outcome = await settlement.attempt(w, PAYOUT_TIMEOUT_MS);
      if (outcome.moved) settled += 1;
    }
    return settled;
  }

  return {
    runOnce,
    ...intervalJob(() => runOnce()),
  };
}
export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
