// Counters in one-minute buckets, summed over a sliding window, kept in the database so every
// server instance shares them. `hit` counts first and answers after: parallel requests cannot all
// slip under the limit.
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateCounters } from '../db/schema/auth.ts';

const MINUTE = 60_000;

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The one-minute bucket a moment falls in. */
export const bucketOf = (t: Date) => new Date(Math.floor(t.getTime() / MINUTE) * MINUTE);
/** Buckets after this moment are inside a window of `windowMinutes` ending with `bucket`. */
export const windowAfter = (bucket: Date, windowMinutes: number) =>
  new Date(bucket.getTime() - (windowMinutes - 1) * MINUTE - 1);

export function createRateLimiter(db: Db, now: () => Date) {
  async function count(key: string, windowMinutes: number): Promise<number> {
    const since = windowAfter(bucketOf(now()), windowMinutes);
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${rateCounters.count}), 0)::int` })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, key), gt(rateCounters.bucket, since)));
    return Number(row?.total ?? 0);
  }

  return {
    count,
    /**
     * Adds one and returns the total within the window, this hit included. The current minute's
     * count comes back from the upsert itself (row-locked), so of N hits at once exactly one sees 1,
     * one sees 2…: a burst can never all see the limit exceeded, nor all pass it.
     */
    async hit(key: string, windowMinutes: number): Promise<number> {
      const bucket = bucketOf(now());
      const [row] = await db
        .insert(rateCounters)
        .values({ key, bucket, count: 1 })
        .onConflictDoUpdate({
          target: [rateCounters.key, rateCounters.bucket],
          set: { count: sql`${rateCounters.count} + 1` },
        })
        .returning({ count: rateCounters.count });
      const since = windowAfter(bucket, windowMinutes);
      const [older] = await db
        .select({ total: sql<number>`coalesce(sum(${rateCounters.count}), 0)::int` })
        .from(rateCounters)
        .where(and(eq(rateCounters.key, key), gt(rateCounters.bucket, since), lt(rateCounters.bucket, bucket)));
      return Number(row?.count ?? 1) + Number(older?.total ?? 0);
    },
    /** Adds one without reading the total back: one statement, for counts checked elsewhere. */
    async add(key: string) {
      await db
        .insert(rateCounters)
        .values({ key, bucket: bucketOf(now()), count: 1 })
        .onConflictDoUpdate({
          target: [rateCounters.key, rateCounters.bucket],
          set: { count: sql`${rateCounters.count} + 1` },
        });
    },
    async reset(key: string) {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },
    /** Old buckets are useless after a day. */
    async prune() {
      await db.delete(rateCounters).where(lt(rateCounters.bucket, new Date(now().getTime() - 24 * 60 * MINUTE)));
    },
    async resetPrefix(prefix: string) {
      await db.delete(rateCounters).where(like(rateCounters.key, `${prefix}%`));
    },
  };
}
