// SQL of the console's slips queue. A slip a person decided carries reviewed_at and reviewed_by,
// set in the decision's transaction; the queue (and the dashboard's count of it) leaves those out.
// A hand credit waiting for a second person marks its slip the same way, status unchanged.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { members } from '../../../db/schema/account.ts';
import { depositReferences, slips } from '../../../db/schema/deposits.ts';
import { type MemberContextRow, memberContextColumns } from '../../account/index.ts';
import type { SlipRow } from './slip.repository.ts';

export type QueuedSlip = { slip: SlipRow; member: MemberContextRow };
export type SlipQueueSize = { size: number; oldestAt: Date | null };
/** Who decided, and when: the slip leaves the queue. */
export type SlipReview = { reviewedBy: number; reviewedAt: Date };

/** FAILED slips no person decided, and PENDING ones uploaded before `pendingBefore` (slips_review_queue_idx). */
const inQueue = (pendingBefore: Date) =>
  or(
    and(eq(slips.status, 'FAILED'), isNull(slips.reviewedAt)),
    and(eq(slips.status, 'PENDING'), isNull(slips.reviewedAt), lt(slips.createdAt, pendingBefore)),
  );
const open = inArray(slips.status, ['PENDING', 'FAILED']);
const undecided = and(open, isNull(slips.reviewedAt));
/** Undecided, or (`awaitedBy`) marked by the staff member whose request a second person approved. */
const creditable = (awaitedBy?: number) =>
  awaitedBy === undefined ? undecided : and(open, eq(slips.reviewedBy, awaitedBy));

export function createSlipOpsRepository(db: Db) {
  return {
    /** The queue, oldest first. */
    async queue(pendingBefore: Date, limit: number): Promise<QueuedSlip[]> {
      const rows = await db
        .select({ slip: slips, ...memberContextColumns(slips.memberId) })
        .from(slips)
        .innerJoin(members, eq(members.id, slips.memberId))
        .where(inQueue(pendingBefore))
        .orderBy(asc(slips.createdAt), asc(slips.id))
        .limit(limit);
      return rows.map(({ slip, ...member }) => ({ slip, member }));
    },

    /** How many slips of `currency` the queue holds, and when the oldest was uploaded. */
    async size(pendingBefore: Date, currency: string): Promise<SlipQueueSize> {
      const [row] = await db
        .select({ size: sql<number>`count(*)::int`, oldest: sql<string | Date | null>`min(${slips.createdAt})` })
        .from(slips)
        .where(and(inQueue(pendingBefore), eq(slips.currency, currency)));
      return { size: Number(row?.size ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
    },

    /** Takes the slip's row for a decision; null when there is no such slip. */
    async lock(tx: Tx, id: number): Promise<SlipRow | null> {
      const [row] = await tx.select().from(slips).where(eq(slips.id, id)).for('update');
      return row ?? null;
    },

    /**
     * A hand credit: SUCCESS with the ledger transaction, and the bank transfer staff named. With
     * `awaitedBy`, the approved credit of a slip that staff member sent for approval.
     */
    async credited(
      tx: Tx,
      id: number,
      c: { amount: bigint; transactionId: number; sendingBank: string; transRef: string },
      review: SlipReview,
      awaitedBy?: number,
    ) {
      const [row] = await tx
        .update(slips)
        .set({
          status: 'SUCCESS',
          note: null,
          ...c,
          ...review,
          nextCheckAt: null,
          leaseUntil: null,
          updatedAt: review.reviewedAt,
        })
        .where(and(eq(slips.id, id), creditable(awaitedBy)))
        .returning();
      return row ?? null;
    },

    /** Whether a bank transfer (its BANK deposit reference) credited a wallet already, by any path. */
    async referenceUsed(tx: Tx, reference: string): Promise<boolean> {
      const [row] = await tx
        .select({ memberId: depositReferences.memberId })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, reference)))
        .limit(1);
      return row !== undefined;
    },

    /** A hand credit sent to a second person: out of the queue, marked by the requester, not settled. */
    async awaitingApproval(tx: Tx, id: number, review: SlipReview) {
      const [row] = await tx
        .update(slips)
        .set({ ...review, updatedAt: review.reviewedAt })
        .where(and(eq(slips.id, id), undecided))
        .returning();
      return row ?? null;
    },

    /** A confirmed rejection: FAILED with `note` (a slip reason code the member sees). */
    async rejected(tx: Tx, id: number, note: string, review: SlipReview) {
      const [row] = await tx
        .update(slips)
        .set({ status: 'FAILED', note, ...review, nextCheckAt: null, leaseUntil: null, updatedAt: review.reviewedAt })
        .where(and(eq(slips.id, id), undecided))
        .returning();
      return row ?? null;
    },
  };
}
export type SlipOpsRepository = ReturnType<typeof createSlipOpsRepository>;
