// Sessions in the database. The two statements on hot paths are prepared once (decision 034): the
// token lookup behind every member call the cache does not answer, and the login's session insert.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { rateCounters, sessions } from '../../db/schema/auth.ts';

type NewSession = { memberId: number; tokenHash: string; expiresAt: Date; ip: string | null };
const P = (name: string) => sql.placeholder(name);

export function createSessionRepository(db: Db) {
  /** The live session of a token: not revoked, not expired, its member active. */
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
      ),
    )
    .limit(1)
    .prepare('session_find_live');
  /** A session, with an attempt counter deleted in the same statement (the login's). */
  const reset = db
    .$with('reset', { key: sql<string>`key`.as('key') })
    .as(sql`delete from ${rateCounters} where ${rateCounters.key} = ${P('resetCounter')} returning key`);
  const insertResetting = db
    .with(reset)
    .insert(sessions)
    .values({ memberId: P('memberId'), tokenHash: P('tokenHash'), expiresAt: P('expiresAt'), ip: P('ip') })
    .returning({ id: sessions.id })
    .prepare('session_insert_resetting');

  return {
    /** Inserts a session and answers its id; `resetCounter` is deleted in the same statement. */
    async insert(row: NewSession, resetCounter?: string): Promise<number> {
      const [created] = resetCounter
        ? await insertResetting.execute({ ...row, resetCounter })
        : await db.insert(sessions).values(row).returning({ id: sessions.id });
      return created!.id;
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
