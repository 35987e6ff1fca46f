// Re-verifies slips the bank had not shown yet, or whose verifier did not answer, or whose upload
// died half-way (docs/architecture.md §4): an interval worker whose work list is the slips table, so nothing is
// lost on a restart; a lease per slip keeps several server instances from doubling up.
import type { AppContext } from '../../../context.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import { publishMemberLive } from '../../../lib/member-live.ts';
import { createSlipRepository } from './slip.repository.ts';
import { createSlipProcessor, slipLeaseMs } from './slip-process.ts';

const BATCH = 20;

export function createSlipRechecker(ctx: AppContext) {
  const repo = createSlipRepository(ctx.db);
  const processor = createSlipProcessor(ctx);

  /** One pass; answers how many slips it settled (SUCCESS or FAILED). */
  async function runOnce(logError: (err: unknown) => void = () => {}, signal?: AbortSignal): Promise<number> {
    const claimed = await repo.claimDue(ctx.now(), slipLeaseMs(ctx), BATCH);
    let settled = 0;
    for (const [i, slip] of claimed.entries()) {
      if (signal?.aborted) {
        // Stopping: the slips not begun go back to whichever instance runs next.
        await repo.releaseLeases(claimed.slice(i).map((s) => s.id));
        break;
      }
      const outcome = await processor.process(slip, logError);
      if (outcome.status !== 'PENDING') settled += 1;
      // A credit tells the member through the deposit path; a refusal after the upload answered here.
      if (outcome.status === 'FAILED') {
        publishMemberLive(ctx, slip.memberId, {
          kind: 'slip-refused',
          amount: outcome.amount,
          currency: slip.currency,
        });
      }
    }
    return settled;
  }

  return {
    runOnce,
    ...intervalJob(runOnce),
  };
}
export type SlipRechecker = ReturnType<typeof createSlipRechecker>;
