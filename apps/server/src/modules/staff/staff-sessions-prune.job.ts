// A console session row is read while it is live (every console call) and, once ended, only to tell
// whether its address is one the staff member signed in from lately (`knownForMs`, 30 days). A session
// has ended once it is revoked, past its absolute expiry, or unused for the idle limit; ended sessions
// older than the known-address window are deleted in batches.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import { staffSessions as s } from '../../db/schema/ops.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { LOCKOUT } from '../auth/index.ts';

const BATCH = 5_000;

export function createStaffSessionsPrune(ctx: AppContext, batch = BATCH) {
  /** One pass: the number of sessions deleted. Stops between batches when the job is stopping. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const now = ctx.now();
    const createdBefore = new Date(now.getTime() - LOCKOUT.knownForMs);
    const idleSince = new Date(now.getTime() - ctx.config.OPS_IDLE_MINUTES * 60_000);
    return deleteInBatches(
      ctx.db,
      (limit) => sql`
        delete from ${s} where ${s.id} in (
          select ${s.id} from ${s}
          where ${s.createdAt} < ${createdBefore.toISOString()}::timestamptz
            and (${s.revokedAt} is not null
              or ${s.expiresAt} <= ${now.toISOString()}::timestamptz
              or ${s.lastSeenAt} <= ${idleSince.toISOString()}::timestamptz)
          limit ${limit})
        returning ${s.id}`,
      batch,
      signal,
    );
  }
  return { runOnce, ...intervalJob((_onError, signal) => runOnce(signal)) };
}
