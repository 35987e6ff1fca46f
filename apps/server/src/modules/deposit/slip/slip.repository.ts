// The slips table: every query of a member's slips is scoped by the member id.
import { and, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { depositReferences, slips } from '../../../db/schema/deposits.ts';

export type SlipRow = typeof slips.$inferSelect;
type Finish = { status: 'FAILED'; note: string; amount?: bigint };

export function createSlipRepository(db: Db) {
  return {
    async insert(s: {
      memberId: number;
      reference: string;
      currency: string;
      filePath: string;
      now: Date;
      leaseUntil: Date;
    }): Promise<SlipRow> {
      const [row] = await db
        .insert(slips)
        .values({
          memberId: s.memberId,
          reference: s.reference,
          status: 'PENDING',
          currency: s.currency,
          filePath: s.filePath,
          // Should this request die half-way, the job takes the slip once the lease runs out.
          nextCheckAt: s.leaseUntil,
          leaseUntil: s.leaseUntil,
          createdAt: s.now,
          updatedAt: s.now,
        })
        .returning();
      return row!;
    },
    async byId(id: number): Promise<SlipRow | null> {
      const [row] = await db.select().from(slips).where(eq(slips.id, id)).limit(1);
      return row ?? null;
    },
    async setRef(id: number, sendingBank: string, transRef: string, now: Date) {
      await db.update(slips).set({ sendingBank, transRef, updatedAt: now }).where(eq(slips.id, id));
    },
    /** Whether a bank transfer already credited someone (slip, bank feed or notice). */
    async isReferenceUsed(reference: string): Promise<boolean> {
      const [row] = await db
        .select({ reference: depositReferences.reference })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, reference)))
        .limit(1);
      return Boolean(row);
    },
    /** Ends a PENDING slip; false when it was no longer PENDING. */
    async finish(id: number, f: Finish, now: Date, tx: Tx | Db = db): Promise<boolean> {
      const rows = await tx
        .update(slips)
        .set({
          status: f.status,
          note: f.note,
          ...(f.amount !== undefined ? { amount: f.amount } : {}),
          nextCheckAt: null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(and(eq(slips.id, id), eq(slips.status, 'PENDING')))
        .returning({ id: slips.id });
      return rows.length > 0;
    },
    async succeed(tx: Tx, id: number, amount: bigint, transactionId: number, now: Date) {
      await tx
        .update(slips)
        .set({
          status: 'SUCCESS',
          note: null,
          amount,
          transactionId,
          nextCheckAt: null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(slips.id, id));
    },
    /** Takes a PENDING slip's row for the crediting transaction; null when it was settled meanwhile. */
    async lockPending(tx: Tx, id: number): Promise<SlipRow | null> {
      const [row] = await tx
        .select()
        .from(slips)
        .where(and(eq(slips.id, id), eq(slips.status, 'PENDING')))
        .for('update');
      return row ?? null;
    },
    /** Leaves a slip for the job to check again at `nextCheckAt`, its lease given up. */
    async defer(id: number, nextCheckAt: Date, now: Date) {
      await db
        .update(slips)
        .set({ nextCheckAt, leaseUntil: null, attempts: sql`${slips.attempts} + 1`, updatedAt: now })
        .where(and(eq(slips.id, id), eq(slips.status, 'PENDING')));
    },
    /** Due PENDING slips no one holds, each leased to this caller until `now + leaseMs`. */
    /** Locks the ids first, then leases them: a one-statement claim can take more than `limit`. */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<SlipRow[]> {
      return db.transaction(async (tx) => {
        const free = await tx
          .select({ id: slips.id })
          .from(slips)
          .where(
            and(
              eq(slips.status, 'PENDING'),
              lte(slips.nextCheckAt, now),
              or(isNull(slips.leaseUntil), lt(slips.leaseUntil, now)),
            ),
          )
          .orderBy(slips.nextCheckAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        if (free.length === 0) return [];
        return tx
          .update(slips)
          .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              slips.id,
              free.map((r) => r.id),
            ),
          )
          .returning();
      });
    },
    /** Hands back leases a stopping worker did not begin. */
    async releaseLeases(ids: number[]) {
      if (ids.length === 0) return;
      await db.update(slips).set({ leaseUntil: null }).where(inArray(slips.id, ids));
    },
    async page(memberId: number, page: number, limit: number) {
      const [total] = await db.select({ n: count() }).from(slips).where(eq(slips.memberId, memberId));
      const rows = await db
        .select()
        .from(slips)
        .where(eq(slips.memberId, memberId))
        .orderBy(desc(slips.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return { total: Number(total?.n ?? 0), rows };
    },
    async ofMember(memberId: number, reference: string): Promise<SlipRow | null> {
      const [row] = await db
        .select()
        .from(slips)
        .where(and(eq(slips.memberId, memberId), eq(slips.reference, reference)))
        .limit(1);
      return row ?? null;
    },
    /** Only after the caller proved it may see this slip (a signed link). */
    async byReference(reference: string): Promise<SlipRow | null> {
      const [row] = await db.select().from(slips).where(eq(slips.reference, reference)).limit(1);
      return row ?? null;
    },
  };
}
export type SlipRepository = ReturnType<typeof createSlipRepository>;
