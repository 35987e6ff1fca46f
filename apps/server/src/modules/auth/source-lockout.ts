// The back-off of a source that keeps failing on one account (decision 056), kept in
// login_failures: after `sourceMax` attempts the source is locked out of that account for a minute,
// doubling with every further attempt up to an hour; the row is forgotten a day after its last
// attempt. The member login counts it inside its own first statement (login.repository.ts); other
// sign-ins (the operator console's staff) count it here under an account namespace of their own.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures as f } from '../../db/schema/auth.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The back-off of a locked-out source, how long its attempts are remembered, and what makes it known. */
export const LOCKOUT = { baseMs: MINUTE, capMs: 60 * MINUTE, memoryMs: DAY, knownForMs: 30 * DAY } as const;

/** The values the two SQL pieces below read, as parameters of the statement they are part of. */
export type LockoutParams = { now: SQL; sourceMax: SQL; lockBaseMs: SQL; lockCapMs: SQL; forgetBefore: SQL };

/** Until when a source is locked after its attempt number `tries` (none below `sourceMax`). */
export const lockAfter = (tries: SQL, p: LockoutParams) =>
  sql`case when ${tries} >= ${p.sourceMax}::int then ${p.now} + least(${p.lockCapMs}::float8,
        ${p.lockBaseMs}::float8 * power(2, least(${tries} - ${p.sourceMax}::int, 30))) * interval '1 millisecond' end`;

/** The attempt number of this attempt: the row's count plus one, or 1 once the row is forgotten. */
export const nextTry = (p: LockoutParams) =>
  sql`case when ${f.lastFailedAt} <= ${p.forgetBefore}::timestamptz then 1 else ${f.failures} + 1 end`;

/** Counts the attempts of sources on accounts named `${namespace}:<account>`. */
export function createSourceLockout(db: Db, now: () => Date, opts: { namespace: string; sourceMax: number }) {
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
    /** After a success: the source starts again from nothing. */
    async clear(account: string, source: string) {
      await db.delete(f).where(sql`${f.account} = ${name(account)} and ${f.source} = ${source}`);
    },
  };
}
export type SourceLockout = ReturnType<typeof createSourceLockout>;
