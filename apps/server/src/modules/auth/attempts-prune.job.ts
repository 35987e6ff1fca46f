// Attempt counters are only read within their windows (a day at most): older rate-counter buckets
// and login-failure rows a day past their last attempt are deleted, so the tables stay the size of
// one day's traffic.
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loginFailures } from '../../db/schema/auth.ts';
import { intervalJob } from '../../lib/interval-job.ts';

const DAY_MS = 24 * 60 * 60_000;

export function createAttemptsPrune(ctx: AppContext) {
  /** One pass: deletes what no window reads any more. */
  async function runOnce() {
    await ctx.limiter.prune();
    await ctx.db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, new Date(ctx.now().getTime() - DAY_MS)));
  }
  return { runOnce, ...intervalJob(() => runOnce()) };
}
