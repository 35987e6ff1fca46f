// The login's first round trip (decision 034): the per-IP failure count, the per-account attempt
// counted first, and the member, in one prepared statement. The counters are the rate limiter's
// (`rate_counters`, one-minute buckets over a sliding window).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { rateCounters as c } from '../../db/schema/auth.ts';
import { bucketOf, windowAfter } from '../../lib/rate-limiter.ts';

export type LoginAttempt = {
  /** Failures from this IP within the window. */
  ipFailures: number;
  /** Attempts on this account within the window, this one included; null when the IP was over its limit (not counted). */
  accountTries: number | null;
  member: { id: number; passwordHash: string; status: string } | null;
};

const P = (name: string) => sql.placeholder(name);

export function createLoginRepository(db: Db, now: () => Date) {
  const ip = db.$with('ip', { failures: sql<number>`failures`.as('failures') }).as(
    sql`select coalesce(sum(${c.count}), 0)::int as failures from ${c}
        where ${c.key} = ${P('ipKey')} and ${c.bucket} > ${P('since')}::timestamptz`,
  );
  // Counted first, row-locked: of N attempts at once exactly one sees 1, one sees 2… (as `limiter.hit`).
  const hit = db.$with('hit', { count: sql<number>`count`.as('count') }).as(
    sql`insert into ${c} (key, bucket, count)
        select ${P('accountKey')}::text, ${P('at')}::timestamptz, 1 from ip where ip.failures < ${P('ipMax')}::int
        on conflict (key, bucket) do update set count = ${c.count} + 1 returning count`,
  );
  const attempt = db
    .with(ip, hit)
    .select({
      failures: ip.failures,
      tries: sql<number | null>`(select count from hit) + (
        select coalesce(sum(${c.count}), 0)::int from ${c}
        where ${c.key} = ${P('accountKey')} and ${c.bucket} > ${P('since')}::timestamptz and ${c.bucket} < ${P('at')}::timestamptz)`,
      id: members.id,
      passwordHash: members.passwordHash,
      status: members.status,
    })
    .from(ip)
    .leftJoin(members, eq(members.username, P('username')))
    .prepare('login_attempt');

  return {
    /** Counts this attempt on the account unless the IP is already at `ipMax` failures; reads the member. */
    async attempt(p: {
      ipKey: string;
      accountKey: string;
      username: string;
      ipMax: number;
      windowMinutes: number;
    }): Promise<LoginAttempt> {
      const bucket = bucketOf(now());
      const [row] = await attempt.execute({
        ipKey: p.ipKey,
        accountKey: p.accountKey,
        username: p.username,
        ipMax: p.ipMax,
        at: bucket.toISOString(),
        since: windowAfter(bucket, p.windowMinutes).toISOString(),
      });
      if (!row) throw new Error('login attempt answered no row');
      return {
        ipFailures: Number(row.failures),
        accountTries: row.tries === null ? null : Number(row.tries),
        member: row.id === null ? null : { id: row.id, passwordHash: row.passwordHash!, status: row.status! },
      };
    },
  };
}
