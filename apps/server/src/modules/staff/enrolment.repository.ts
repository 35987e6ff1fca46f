// One-time enrolment links: only the SHA-256 of the token is kept; a newer link replaces the older.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staffEnrolments as e, staff } from '../../db/schema/ops.ts';

export function createEnrolmentRepository() {
  return {
    /** Marks the staff member's unused links used, then stores the new one. */
    async replace(tx: Db | Tx, row: { staffId: number; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      await tx
        .update(e)
        .set({ usedAt: row.createdAt })
        .where(and(eq(e.staffId, row.staffId), isNull(e.usedAt)));
      await tx.insert(e).values(row);
    },
    /** The staff row behind an unused, unexpired link of a staff member waiting to enrol. */
    async open(db: Db | Tx, tokenHash: string, now: Date) {
      const [row] = await db
        .select({ enrolmentId: e.id, staff })
        .from(e)
        .innerJoin(staff, eq(staff.id, e.staffId))
        .where(and(eq(e.tokenHash, tokenHash), isNull(e.usedAt), gt(e.expiresAt, now), eq(staff.status, 'enrolling')))
        .limit(1);
      return row ?? null;
    },
    /** Uses the link; false when it was used meanwhile. */
    async use(tx: Db | Tx, enrolmentId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(e)
        .set({ usedAt: now })
        .where(and(eq(e.id, enrolmentId), isNull(e.usedAt)))
        .returning({ id: e.id });
      return rows.length === 1;
    },
  };
}
