// The login's first round trip (decision 034, lockout of decision 056), one prepared statement:
// the IP's failures across accounts; this source's attempt on this account, counted first and
// row-locked, refused while the source is locked out; whether the member signed in from this
// source lately; the account-wide attempt of a source that did not, counted first; and the member.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { rateCounters as c, loginFailures as f, sessions } from '../../db/schema/auth.ts';
import { bucketOf, windowAfter } from '../../lib/rate-limiter.ts';
import { type LockoutParams, lockAfter, nextTry } from './source-lockout.ts';

export type LoginAttempt = {
  /** Failures from this IP (any account) within the window. */
  ipFailures: number;
  /** Attempts of this source on this account since its last success, this one included; null when refused uncounted (source locked out, or IP over its limit). */
  sourceTries: number | null;
  /** The member signed in from this source lately: the account-wide ceiling does not apply. */
  isKnownSource: boolean;
  /** Attempts on this account from sources not known, within the account window, this one included; null when not counted. */
  accountTries: number | null;
  member: { id: number; passwordHash: string; status: string; credentialVersion: number } | null;
};

export type LockoutRules = {
  ipMax: number;
  ipWindowMinutes: number;
  /** Attempts of one source before it is locked out of the account. */
  sourceMax: number;
  /** The first lock; each further attempt after it doubles it, up to `lockCapMs`. */
  lockBaseMs: number;
  lockCapMs: number;
  /** A source's row is forgotten this long after its last attempt. */
  memoryMs: number;
  accountWindowMinutes: number;
  /** A source the member opened a session from within this is known. */
  knownForMs: number;
};

const P = (name: string) => sql.placeholder(name);
const NOW = sql`${P('now')}::timestamptz`;
const LOCK: LockoutParams = {
  now: NOW,
  sourceMax: sql`${P('sourceMax')}`,
  lockBaseMs: sql`${P('lockBaseMs')}`,
  lockCapMs: sql`${P('lockCapMs')}`,
  forgetBefore: sql`${P('forgetBefore')}`,
};

export function createLoginRepository(db: Db, now: () => Date) {
  const ip = db.$with('ip', { failures: sql<number>`failures`.as('failures') }).as(
    sql`select coalesce(sum(${c.count}), 0)::int as failures from ${c}
        where ${c.key} = ${P('ipKey')} and ${c.bucket} > ${P('ipSince')}::timestamptz`,
  );
  const known = db.$with('known', { known: sql<boolean>`known`.as('known') }).as(
    sql`select exists (
          select 1 from ${sessions} join ${members} on ${members.id} = ${sessions.memberId}
          where ${members.username} = ${P('username')} and ${sessions.ip} = ${P('source')}
            and ${sessions.createdAt} > ${P('knownSince')}::timestamptz) as known`,
  );
  // Row-locked: of N attempts at once from one source, exactly `sourceMax` pass before the lock.
  const tries = nextTry(LOCK);
  const bySource = db.$with('by_source', { failures: sql<number>`failures`.as('failures') }).as(
    sql`insert into ${f} (account, source, failures, last_failed_at, locked_until)
        select ${P('username')}::text, ${P('source')}::text, 1, ${NOW}, ${lockAfter(sql`1`, LOCK)}
        from ip where ip.failures < ${P('ipMax')}::int
        on conflict (account, source) do update
          set failures = ${tries}, last_failed_at = ${NOW}, locked_until = ${lockAfter(tries, LOCK)}
          where ${f.lockedUntil} is null or ${f.lockedUntil} <= ${NOW}
        returning failures`,
  );
  // Counted only for a source that was let through and is not known (as `limiter.hit`).
  const byAccount = db.$with('by_account', { count: sql<number>`count`.as('count') }).as(
    sql`insert into ${c} (key, bucket, count)
        select ${P('accountKey')}::text, ${P('at')}::timestamptz, 1 from by_source, known where not known.known
        on conflict (key, bucket) do update set count = ${c.count} + 1 returning count`,
  );
  const attempt = db
    .with(ip, known, bySource, byAccount)
    .select({
      failures: ip.failures,
      sourceTries: sql<number | null>`(select failures from by_source)`,
      known: known.known,
      accountTries: sql<number | null>`(select count from by_account) + (
        select coalesce(sum(${c.count}), 0)::int from ${c}
        where ${c.key} = ${P('accountKey')} and ${c.bucket} > ${P('accountSince')}::timestamptz
          and ${c.bucket} < ${P('at')}::timestamptz)`,
      id: members.id,
      passwordHash: members.passwordHash,
      status: members.status,
      credentialVersion: members.credentialVersion,
    })
    .from(ip)
    .crossJoin(known)
    .leftJoin(members, sql`${members.username} = ${P('username')}`)
    .prepare('login_attempt');

  return {
    /** Counts this attempt (see `LoginAttempt`) and reads the member, in one statement. */
    async attempt(p: { username: string; source: string; ipKey: string; accountKey: string }, rules: LockoutRules) {
      const at = now();
      const bucket = bucketOf(at);
      const [row] = await attempt.execute({
        ...p,
        now: at.toISOString(),
        at: bucket.toISOString(),
        ipMax: rules.ipMax,
        ipSince: windowAfter(bucket, rules.ipWindowMinutes).toISOString(),
        sourceMax: rules.sourceMax,
        lockBaseMs: rules.lockBaseMs,
        lockCapMs: rules.lockCapMs,
        forgetBefore: new Date(at.getTime() - rules.memoryMs).toISOString(),
        accountSince: windowAfter(bucket, rules.accountWindowMinutes).toISOString(),
        knownSince: new Date(at.getTime() - rules.knownForMs).toISOString(),
      });
      if (!row) throw new Error('login attempt answered no row');
      return {
        ipFailures: Number(row.failures),
        sourceTries: row.sourceTries === null ? null : Number(row.sourceTries),
        isKnownSource: row.known === true,
        accountTries: row.accountTries === null ? null : Number(row.accountTries),
        member:
          row.id === null
            ? null
            : {
                id: row.id,
                passwordHash: row.passwordHash!,
                status: row.status!,
                credentialVersion: row.credentialVersion!,
              },
      } satisfies LoginAttempt;
    },
  };
}
