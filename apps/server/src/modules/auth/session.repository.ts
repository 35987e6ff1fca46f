// Sessions in the database. The two statements on hot paths — the token lookup behind every member
// call the cache does not answer, and the session insert — are prepared in `auth.hot-path.ts`
// (decision 034). A session carries the member's credential version it was made from: a password
// change bumps the member's, so a session inserted from the old password is dead.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

export function createSessionRepository(db: Db) {
  return {
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
