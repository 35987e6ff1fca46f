// The house rules of a deposit run after its credit commits (afterDepositCredited). A process that
// dies in between would lose the member's coins, the referrer's share or a condition's raise: this
// job runs the rules for settled deposits that were never marked, so nothing is lost on a crash.
import type { Currency } from '@krapao/contracts/constants';
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { depositsWithoutRules } from './deposit-rules.repository.ts';
import { afterDepositCredited } from './deposit-rules.ts';

const BATCH = 50;
/** A deposit younger than this may still be running its rules inline. */
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
        await afterDepositCredited(ctx, { ...row, memberId: row.memberId, currency: row.currency as Currency });
        done += 1;
      } catch (err) {
        onError(err);
      }
    }
    return done;
  }
  return { runOnce, ...intervalJob(runOnce) };
}
