import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';

export function createSessionRepository(db: Db) {
  return {
    async insert(row: { memberId: number; tokenHash: string; expiresAt: Date; ip: string | null }) {
      await db.insert(sessions).values(row);
    },
    /** The live session of a token: not revoked, not expired, its member active. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ sessionId: sessions.id, memberId: sessions.memberId })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(members.status, 'ACTIVE'),
          ),
        )
        .limit(1);
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
