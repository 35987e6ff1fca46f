// Sessions in the database. The two statements on hot paths are prepared once (decision 034): the
// token lookup behind every member call the cache does not answer, and the session insert. A session
// carries the member's credential version it was made from: a password change bumps the member's,
// so a session inserted from the old password — even one whose login was still in flight — is dead.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { loginFailures, sessions } from '../../db/schema/auth.ts';

type NewSession = {
  memberId: number;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  credentialVersion: number;
};
/** The login's failure row (account, source) a successful login clears. */
export type FailureRow = { account: string; source: string };
const P = (name: string) => sql.placeholder(name);

export function createSessionRepository(db: Db) {
  /** The live session of a token: not revoked, not expired, its member active, its password current. */
  const findLive = db
    .select({ sessionId: sessions.id, memberId: sessions.memberId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, P('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, P('now')),
        eq(members.status, 'ACTIVE'),
        eq(sessions.credentialVersion, members.credentialVersion),
      ),
    )
    .limit(1)
    .prepare('session_find_live');
  // Inserted only while the member's credential version is still the one the caller read, and the
  // login's failure row deleted in the same statement (only then).
  const current = db.$with('current', { id: sql<number>`id`.as('id') }).as(
    sql`select ${members.id} as id from ${members}
          where ${members.id} = ${P('memberId')}::bigint and ${members.credentialVersion} = ${P('credentialVersion')}::int`,
  );
  const reset = db.$with('reset', { account: sql<string>`account`.as('account') }).as(
    sql`delete from ${loginFailures}
        where ${loginFailures.account} = ${P('account')}::text and ${loginFailures.source} = ${P('source')}::text
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
    async revoke(sessionId: number, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async revokeAllOf(memberId: number, now: Date, exceptSessionId?: number) {
      const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions));
    },
  };
}
