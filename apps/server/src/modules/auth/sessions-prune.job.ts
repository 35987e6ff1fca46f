// A session row is read while it is live (every member call) and, once ended, only to tell whether
// its address is one the member signed in from lately (`knownForMs`, 30 days). Sessions that ended
// and are older than that are deleted, in batches so that a long backlog never holds one long
// transaction, and the table stays the size of a month of sign-ins.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import { sessions } from '../../db/schema/auth.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { LOCKOUT } from './source-lockout.ts';

const BATCH = 5_000;

export function createSessionsPrune(ctx: AppContext, batch = BATCH) {
  /** One pass: the number of sessions deleted. Stops between batches when the job is stopping. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const now = ctx.now();
    const createdBefore = new Date(now.getTime() - LOCKOUT.knownForMs);
    return deleteInBatches(
      ctx.db,
      (limit) => sql`
        delete from ${sessions} where ${sessions.id} in (
          select ${sessions.id} from ${sessions}
          where ${sessions.createdAt} < ${createdBefore.toISOString()}::timestamptz
            and (${sessions.revokedAt} is not null or ${sessions.expiresAt} <= ${now.toISOString()}::timestamptz)
          limit ${limit})
        returning ${sessions.id}`,
      batch,
      signal,
    );
  }
  return { runOnce, ...intervalJob((_onError, signal) => runOnce(signal)) };
}
