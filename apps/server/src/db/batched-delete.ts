// Deleting a backlog of old rows a batch at a time, so that no pass holds one long transaction and
// a job told to stop stops between batches.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows-of.ts';

/**
 * Runs `batch(limit)` — a `delete … returning` of at most `limit` rows — until one deletes fewer than
 * `limit` or `signal` aborts; answers how many rows were deleted in all.
 */
export async function deleteInBatches(
  db: Db,
  batch: (limit: number) => SQL,
  limit: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = rowsOf(await db.execute(batch(limit))).length;
    deleted += count;
    if (count < limit || signal?.aborted) return deleted;
  }
}
