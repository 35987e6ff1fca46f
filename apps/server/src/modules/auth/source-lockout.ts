// The back-off of a source that keeps failing on one account (decision 056), kept in
// login_failures: after `sourceMax` attempts the source is locked out of that account for a minute,
// doubling with every further attempt up to an hour; the row is forgotten a day after its last
// attempt. Beside it, the account's daily ceiling against guessers with many sources: attempts
// from sources the account was not signed in from within 30 days, at most LOGIN_ACCOUNT_MAX_ATTEMPTS
// a day (rate_counters). The member login counts both inside its own first statement
// (auth.hot-path.ts); other sign-ins (the operator console's staff) count them here under an account
// namespace of their own.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures as f } from '../../db/schema/auth.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * The back-off of a locked-out source, how long its attempts are remembered, what makes a source
 * known (signed in from within `knownForMs`), and the window of the account's ceiling.
 */
export const LOCKOUT = {
  baseMs: MINUTE,
  capMs: 60 * MINUTE,
  memoryMs: DAY,
  knownForMs: 30 * DAY,
  accountWindowMinutes: DAY / MINUTE,
} as const;

/** The values the two SQL pieces below read, as parameters of the statement they are part of. */
export type LockoutParams = { now: SQL; sourceMax: SQL; lockBaseMs: SQL; lockCapMs: SQL; forgetBefore: SQL };

/** Until when a source is locked after its attempt number `tries` (none below `sourceMax`). */
export const lockAfter = (tries: SQL, p: LockoutParams) =>
  sql`case when ${tries} >= ${p.sourceMax}::int then ${p.now} + least(${p.lockCapMs}::float8,
        ${p.lockBaseMs}::float8 * power(2, least(${tries} - ${p.sourceMax}::int, 30))) * interval '1 millisecond' end`;

/** The attempt number of this attempt: the row's count plus one, or 1 once the row is forgotten. */
export const nextTry = (p: LockoutParams) =>
  sql`case when ${f.lastFailedAt} <= ${p.forgetBefore}::timestamptz then 1 else ${f.failures} + 1 end`;

/** Counts the attempts of sources on accounts named `${namespace}:<account>`, and on the account. */
export function createSourceLockout(
  db: Db,
  now: () => Date,
  opts: { namespace: string; sourceMax: number; limiter: RateLimiter },
) {
  const name = (account: string) => `${opts.namespace}:${account}`;
  return {
    /**
     * Counts this attempt first (row-locked: of N at once exactly `sourceMax` pass before the lock)
     * and answers its number, or null when the source is locked out of the account (uncounted).
     */
    async attempt(account: string, source: string): Promise<number | null> {
      const at = now();
      const p: LockoutParams = {
        now: sql`${at.toISOString()}::timestamptz`,
        sourceMax: sql`${opts.sourceMax}`,
        lockBaseMs: sql`${LOCKOUT.baseMs}`,
        lockCapMs: sql`${LOCKOUT.capMs}`,
        forgetBefore: sql`${new Date(at.getTime() - LOCKOUT.memoryMs).toISOString()}`,
      };
      const [row] = await db
        .insert(f)
        .values({
          account: name(account),
          source,
          failures: 1,
          lastFailedAt: at,
          lockedUntil: sql`${lockAfter(sql`1`, p)}`,
        })
        .onConflictDoUpdate({
          target: [f.account, f.source],
          set: { failures: sql`${nextTry(p)}`, lastFailedAt: at, lockedUntil: sql`${lockAfter(nextTry(p), p)}` },
          setWhere: sql`${f.lockedUntil} is null or ${f.lockedUntil} <= ${p.now}`,
        })
        .returning({ failures: f.failures });
      return row ? row.failures : null;
    },
    /**
     * Counts an attempt from a source not known to the account, once the source was let through,
     * and answers the account's attempts within its window, this one included (of N at once each
     * sees its own number). Past LOGIN_ACCOUNT_MAX_ATTEMPTS the attempt is refused.
     */
    accountAttempt(account: string): Promise<number> {
      return opts.limiter.hit(`${opts.namespace}:user:${account}`, LOCKOUT.accountWindowMinutes);
    },
    /** After a success: the source starts again from nothing (the account's count stays). */
    async clear(account: string, source: string) {
      await db.delete(f).where(sql`${f.account} = ${name(account)} and ${f.source} = ${source}`);
    },
  };
}
export type SourceLockout = ReturnType<typeof createSourceLockout>;
