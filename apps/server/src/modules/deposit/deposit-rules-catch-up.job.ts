// The deposit-credited event is delivered after its credit commits (deposit-credited.ts). A process
// that dies in between would lose a condition's raise: this job delivers it again for settled
// deposits that were never marked (decision 054), so nothing is lost on a crash.
import type { Currency } from '@krapao/contracts/constants';
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { depositsWithoutRules } from './deposit-credited.repository.ts';
import { deliverDepositCredited } from './deposit-credited.ts';

const BATCH = 50;
/** A deposit younger than this may still be delivered inline. */
const GRACE_MS = 60_000;
/** Older deposits are an operator matter (and keep the scan small). */
const HORIZON_MS = 7 * 24 * 60 * 60 * 1000;

export function createDepositRulesCatchUp(ctx: AppContext) {
  async function runOnce(onError: (err: unknown) => void = () => {}, signal?: AbortSignal): Promise<number> {
    const now = ctx.now().getTime();
    const rows = await depositsWithoutRules(ctx.db, new Date(now - HORIZON_MS), new Date(now - GRACE_MS), BATCH);
    let done = 0;
    for (const row of rows) {
      if (signal?.aborted) break;
      if (row.memberId === null) continue;
      try {
        await deliverDepositCredited(ctx, { ...row, memberId: row.memberId, currency: row.currency as Currency });
        done += 1;
      } catch (err) {
        onError(err);
      }
    }
    return done;
  }
  return { runOnce, ...intervalJob(runOnce) };
}
