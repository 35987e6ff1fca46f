// Four-eyes requests (ops_approvals, decision 062). A decision is one conditional UPDATE from
// `pending`: of two approvals at once, the second waits on the row and then finds it decided.
import type { ApprovalKind } from '@krapao/contracts/ops/approvals';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opsApprovals } from '../../db/schema/ops-approvals.ts';

export type ApprovalRow = typeof opsApprovals.$inferSelect;
export type NewApproval = Omit<typeof opsApprovals.$inferInsert, 'id' | 'createdAt'>;

export function createApprovalRepository(db: Db) {
  return {
    async insert(tx: Tx, row: NewApproval): Promise<ApprovalRow> {
      const [created] = await tx.insert(opsApprovals).values(row).returning();
      return created!;
    },

    async byId(id: number, tx?: Tx): Promise<ApprovalRow | null> {
      const [row] = await (tx ?? db).select().from(opsApprovals).where(eq(opsApprovals.id, id)).limit(1);
      return row ?? null;
    },

    /** Moves a pending request of one of `kinds` to `to`; null when it was not pending any more. */
    async decide(
      tx: Tx,
      id: number,
      kinds: readonly ApprovalKind[],
      to: 'approved' | 'rejected',
      by: number,
      at: Date,
    ): Promise<ApprovalRow | null> {
      const [row] = await tx
        .update(opsApprovals)
        .set({ status: to, decidedBy: by, decidedAt: at })
        .where(and(eq(opsApprovals.id, id), inArray(opsApprovals.kind, [...kinds]), eq(opsApprovals.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** An approved credit or debit, booked as `transactionId`. */
    async markBooked(tx: Tx, id: number, transactionId: number): Promise<ApprovalRow> {
      const [row] = await tx
        .update(opsApprovals)
        .set({ status: 'booked', transactionId })
        .where(and(eq(opsApprovals.id, id), eq(opsApprovals.status, 'approved')))
        .returning();
      if (!row) throw new Error(`approval ${id} was not approved when booked`);
      return row;
    },
  };
}
