// Console sessions. A session lives while it is not revoked, younger than its absolute expiry, used
// within the idle timeout, and its staff member is active with the credential version it was made
// from. Checking one also marks it used, in the same statement.
import type { StaffRole } from '@krapao/contracts/ops/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staffSessions as s, staff } from '../../db/schema/ops.ts';

/** The signed-in staff member of a live session. */
export type StaffSession = {
  sessionId: number;
  staffId: number;
  username: string;
  displayName: string;
  role: StaffRole;
  csrfHash: string;
};

type NewSession = {
  staffId: number;
  tokenHash: string;
  csrfHash: string;
  credentialVersion: number;
  ip: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export function createStaffSessionRepository(db: Db) {
  return {
    async insert(tx: Db | Tx, row: NewSession) {
      await tx.insert(s).values({ ...row, lastSeenAt: row.createdAt });
    },
    async touchLive(tokenHash: string, now: Date, idleMs: number): Promise<StaffSession | null> {
      const [row] = await db
        .update(s)
        .set({ lastSeenAt: now })
        .from(staff)
        .where(
          and(
            eq(s.tokenHash, tokenHash),
            isNull(s.revokedAt),
            gt(s.expiresAt, now),
            gt(s.lastSeenAt, new Date(now.getTime() - idleMs)),
            eq(staff.id, s.staffId),
            eq(staff.status, 'active'),
            eq(staff.credentialVersion, s.credentialVersion),
          ),
        )
        .returning({
          sessionId: s.id,
          staffId: staff.id,
          username: staff.username,
          displayName: staff.displayName,
          role: staff.role,
          csrfHash: s.csrfHash,
        });
      return row ? { ...row, role: row.role as StaffRole } : null;
    },
    /** The session is still live (the same rules as `touchLive`), without marking it used. */
    async isLive(sessionId: number, now: Date, idleMs: number): Promise<boolean> {
      const rows = await db
        .select({ id: s.id })
        .from(s)
        .innerJoin(staff, eq(staff.id, s.staffId))
        .where(
          and(
            eq(s.id, sessionId),
            isNull(s.revokedAt),
            gt(s.expiresAt, now),
            gt(s.lastSeenAt, new Date(now.getTime() - idleMs)),
            eq(staff.status, 'active'),
            eq(staff.credentialVersion, s.credentialVersion),
          ),
        );
      return rows.length === 1;
    },
    /** Ends one session; answers whether it was still open. */
    async revoke(tx: Db | Tx, sessionId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(s)
        .set({ revokedAt: now })
        .where(and(eq(s.id, sessionId), isNull(s.revokedAt)))
        .returning({ id: s.id });
      return rows.length === 1;
    },
    /** Ends every session of the staff member; answers how many were live. */
    async revokeAll(tx: Db | Tx, staffId: number, now: Date): Promise<number> {
      const rows = await tx
        .update(s)
        .set({ revokedAt: now })
        .where(and(eq(s.staffId, staffId), isNull(s.revokedAt), gt(s.expiresAt, now)))
        .returning({ id: s.id });
      return rows.length;
    },
    /** The staff member opened a session from `ip` after `since`: a known source. */
    async hasSignedInFrom(username: string, ip: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: s.id })
        .from(s)
        .innerJoin(staff, eq(staff.id, s.staffId))
        .where(and(eq(staff.username, username), eq(s.ip, ip), gt(s.createdAt, since)))
        .limit(1);
      return rows.length === 1;
    },
    /** Live sessions per staff member (tests and the staff page). */
    async countLive(staffId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.staffId, staffId), isNull(s.revokedAt), gt(s.expiresAt, now)));
      return Number(row?.n ?? 0);
    },
  };
}
export type StaffSessionRepository = ReturnType<typeof createStaffSessionRepository>;
