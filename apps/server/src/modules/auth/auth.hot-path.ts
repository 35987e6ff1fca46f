// The auth module's fused hot-path SQL: each statement does in one round trip what took several,
// because a request's price here is its number of statements (decision 031) and a login's CPU is
// what it spends beside the argon2 hash (decision 034). Each has a test beside it
// (`auth.hot-path.test.ts`) that checks its answer against the same facts read the plain way.
//
// - `login_attempt`, prepared. Replaces: the IP's failures (`limiter.count`), this source's attempt
//   on the account with its lockout (`createSourceLockout`), whether the member signed in from this
//   source lately, the account's attempt (`limiter.hit`: upsert, then the sum of older buckets) and
//   the member by username. Reads rate_counters, login_failures, sessions (auth) and members
//   (account). The login went from 6 statements (3 commits) to 2 (decision 034); prepared, the
//   database's CPU per login fell from 0.79–0.86 ms to 0.27–0.34 ms, and login / hash rate from
//   0.69–0.72 to 0.81 with the two statements alone.
// - `session_insert_resetting`, prepared. Replaces: the member's credential version re-read, the
//   delete of the source's login_failures row and the session insert. Reads members (account).
//   The login's second and last statement (decision 034).
// - `session_find_live`, prepared. Replaces: the session by token, then its member's status and
//   credential version. Reads members (account). Behind every member call the session cache does not
//   answer (decision 034). Its rule (`liveSessionRule`) is shared with GET /api/wallet's own statement,
//   which checks the session beside the view (wallet.hot-path.ts): one round trip either way.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { P } from '../../db/placeholder.ts';
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

const NOW = sql`${P('now')}::timestamptz`;
const LOCK: LockoutParams = {
  now: NOW,
  sourceMax: sql`${P('sourceMax')}`,
  lockBaseMs: sql`${P('lockBaseMs')}`,
  lockCapMs: sql`${P('lockCapMs')}`,
  forgetBefore: sql`${P('forgetBefore')}`,
};

export function createLoginHotPath(db: Db, now: () => Date) {
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
        select ${P('username')}::text, ${P('lockSource')}::text, 1, ${NOW}, ${lockAfter(sql`1`, LOCK)}
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
    async attempt(
      p: { username: string; source: string; lockSource: string; ipKey: string; accountKey: string },
      rules: LockoutRules,
    ) {
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

type NewSession = {
  memberId: number;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  credentialVersion: number;
};
/** The login's failure row (account, source) a successful login clears. */
export type FailureRow = { account: string; source: string };

/**
 * What makes a token's session live, for a select from `sessions` inner-joined with its member on
 * `members.id = sessions.member_id`: the token's hash (placeholder `tokenHash`), not revoked, not
 * expired at `now` (placeholder), its member active, its password current. The session lookup uses it,
 * and so does a route whose own statement checks the session (GET /api/wallet's `wallet_by_token`).
 */
export function liveSessionRule() {
  return and(
    eq(sessions.tokenHash, P('tokenHash')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, P('now')),
    eq(members.status, 'ACTIVE'),
    eq(sessions.credentialVersion, members.credentialVersion),
  );
}

export function createSessionHotPath(db: Db) {
  /** The live session of a token: not revoked, not expired, its member active, its password current. */
  const findLive = db
    .select({ sessionId: sessions.id, memberId: sessions.memberId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(liveSessionRule())
    .limit(1)
    .prepare('session_find_live');
  // Inserted only while the member's credential version is still the one the caller read, and the
  // login's failure row deleted in the same statement (only then).
  const current = db.$with('current', { id: sql<number>`id`.as('id') }).as(
    sql`select ${members.id} as id from ${members}
          where ${members.id} = ${P('memberId')}::bigint and ${members.credentialVersion} = ${P('credentialVersion')}::int`,
  );
  const reset = db.$with('reset', { account: sql<string>`account`.as('account') }).as(
    sql`delete from ${f}
        where ${f.account} = ${P('account')}::text and ${f.source} = ${P('source')}::text
          and exists (select 1 from current) returning account`,
  );
  const created = db.$with('created', { id: sql<number>`id`.as('id') }).as(
    sql`insert into ${sessions} (member_id, token_hash, expires_at, ip, credential_version)
        select id, ${P('tokenHash')}::text, ${P('expiresAt')}::timestamptz, ${P('ip')}::text, ${P('credentialVersion')}::int
        from current returning id`,
  );
  const insertCurrent = db
    .with(current, reset, created)
    .select({ id: created.id })
    .from(created)
    .prepare('session_insert_resetting');

  return {
    /**
     * Inserts a session and answers its id, or null when the member's credential version is no
     * longer `row.credentialVersion` (the password changed since it was read). `clear` is deleted
     * in the same statement when the session is made.
     */
    async insert(row: NewSession, clear?: FailureRow): Promise<number | null> {
      const [created] = await insertCurrent.execute({
        memberId: row.memberId,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt.toISOString(),
        ip: row.ip,
        credentialVersion: row.credentialVersion,
        account: clear?.account ?? null,
        source: clear?.source ?? null,
      });
      return created ? Number(created.id) : null;
    },
    async findLive(tokenHash: string, now: Date) {
      const [row] = await findLive.execute({ tokenHash, now });
      return row ?? null;
    },
  };
}
export type LoginHotPath = ReturnType<typeof createLoginHotPath>;
export type SessionHotPath = ReturnType<typeof createSessionHotPath>;
