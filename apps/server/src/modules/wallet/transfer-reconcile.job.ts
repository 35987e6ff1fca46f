// Settles transfers the provider never answered (docs/architecture.md §3.2): an interval worker that survives
// restarts because its work list is the database — UNKNOWN transfers, and PENDING ones whose
// process died mid-saga. A lease per transfer keeps several server instances from doubling up.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createGameCatalog } from '../games/index.ts';
import { createLedger } from '../ledger/index.ts';
import { createSettlement, transferMeta } from './transfer-settlement.ts';
import { createWalletRepository } from './wallet.repository.ts';

const BATCH = 20;

export function createReconciler(ctx: AppContext) {
  const ledger = createLedger(ctx);
  const catalog = createGameCatalog(ctx);
  const repo = createWalletRepository(ctx.db);
  const settlement = createSettlement(ctx, ledger);
  const { RECONCILE_PENDING_AFTER_MS, RECONCILE_LEASE_MS } = ctx.config;

  /** One pass; answers how many transfers it settled. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const now = ctx.now();
    const claimed = await repo.claimUnsettled(
      now,
      new Date(now.getTime() - RECONCILE_PENDING_AFTER_MS),
      RECONCILE_LEASE_MS,
      BATCH,
    );
    let settled = 0;
    for (const [i, t] of claimed.entries()) {
      if (signal?.aborted) {
        // Stopping: the transfers not begun go back to whichever instance runs next.
        await repo.releaseLeases(claimed.slice(i).map((c) => c.id));
        break;
      }
      const outcome = await settlement.resolve(t, catalog.provider(transferMeta(t).gameCode));
      if (outcome !== 'UNKNOWN') settled += 1;
    }
    return settled;
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
