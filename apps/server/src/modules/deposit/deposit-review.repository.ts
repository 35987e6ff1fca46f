// SQL of deposit_reviews: money that reached the house and waits for a person (the console's
// deposits queue). The sweeps hold a line once per (kind, ref); a line whose reference credited a
// wallet meanwhile (a slip, a late notice) no longer waits, whatever its row still says.
import type { DepositReviewReason, DepositReviewStatus } from '@krapao/contracts/ops/deposits';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { depositReferences, depositReviews } from '../../db/schema/deposits.ts';
import { type MemberContextRow, memberContextColumns } from '../account/index.ts';

export type DepositReview = typeof depositReviews.$inferSelect;
export type HeldLine = {
  kind: string;
  ref: string;
  memberId: number | null;
  amount: bigint;
  currency: string;
  reason: DepositReviewReason;
  detail: Record<string, unknown>;
  createdAt: Date;
};
export type WaitingReview = { r: DepositReview; member: MemberContextRow | null };
export type MemberWithContext = { id: number; currency: string; context: MemberContextRow };

/** The review's reference has credited a wallet. */
const creditedElsewhere: SQL = sql`exists (select 1 from ${depositReferences} d
  where d.source = ${depositReviews.kind} and d.reference = ${depositReviews.ref})`;

export function createDepositReviewRepository(db: Db) {
  return {
    /** Sets the line aside for a person; answers its id, or null when it was held already. */
    async hold(tx: Tx, line: HeldLine): Promise<number | null> {
      const [row] = await tx
        .insert(depositReviews)
        .values(line)
        .onConflictDoNothing()
        .returning({ id: depositReviews.id });
      return row?.id ?? null;
    },

    /** WAITING lines no credit has taken, oldest first, with their member's context when one is known. */
    async listWaiting(limit: number): Promise<WaitingReview[]> {
      const rows = await db
        .select({ r: depositReviews, ...memberContextColumns(depositReviews.memberId) })
        .from(depositReviews)
        .leftJoin(members, eq(members.id, depositReviews.memberId))
        .where(and(eq(depositReviews.status, 'WAITING'), sql`not ${creditedElsewhere}`))
        .orderBy(asc(depositReviews.createdAt), asc(depositReviews.id))
        .limit(limit);
      // Left-joined: the member columns are all null when the review names no member.
      return rows.map(({ r, ...member }) => ({
        r,
        member: member.username === null ? null : (member as MemberContextRow),
      }));
    },

    /** One review locked for the decision's transaction: a second decision waits, then sees the first. */
    async lock(tx: Tx, id: number): Promise<DepositReview | null> {
      const [row] = await tx.select().from(depositReviews).where(eq(depositReviews.id, id)).for('update');
      return row ?? null;
    },

    /**
     * Claims the review's reference for no member (refused as not ours), so no path credits it later;
     * false when a credit claimed it first.
     */
    async refuse(tx: Tx, r: Pick<DepositReview, 'kind' | 'ref' | 'amount'>, at: Date): Promise<boolean> {
      const [row] = await tx
        .insert(depositReferences)
        .values({ source: r.kind, reference: r.ref, memberId: null, amount: r.amount, createdAt: at })
        .onConflictDoNothing()
        .returning({ source: depositReferences.source });
      return row !== undefined;
    },

    /** The member the review's reference credited, or null while it credited no one. */
    async creditedTo(tx: Tx, r: Pick<DepositReview, 'kind' | 'ref'>): Promise<number | null> {
      const [row] = await tx
        .select({ memberId: depositReferences.memberId })
        .from(depositReferences)
        .where(and(eq(depositReferences.source, r.kind), eq(depositReferences.reference, r.ref)));
      return row?.memberId ?? null;
    },

    async decide(
      tx: Tx,
      id: number,
      change: { status: DepositReviewStatus; memberId: number | null; at: Date; detail?: Record<string, unknown> },
    ): Promise<DepositReview> {
      const [row] = await tx
        .update(depositReviews)
        .set({
          status: change.status,
          memberId: change.memberId,
          decidedAt: change.at,
          ...(change.detail
            ? { detail: sql`${depositReviews.detail} || ${JSON.stringify(change.detail)}::jsonb` }
            : {}),
        })
        .where(eq(depositReviews.id, id))
        .returning();
      return row!;
    },

    /** Closes WAITING reviews of `kind` whose reference credited a wallet meanwhile; answers how many. */
    async closeCreditedElsewhere(kind: string, at: Date): Promise<number> {
      const rows = await db
        .update(depositReviews)
        .set({
          status: 'CREDITED',
          decidedAt: at,
          memberId: sql`(select d.member_id from ${depositReferences} d
            where d.source = ${depositReviews.kind} and d.reference = ${depositReviews.ref})`,
          detail: sql`${depositReviews.detail} || '{"creditedElsewhere":true}'::jsonb`,
        })
        .where(and(eq(depositReviews.status, 'WAITING'), eq(depositReviews.kind, kind), creditedElsewhere))
        .returning({ id: depositReviews.id });
      return rows.length;
    },

    /** The member whose username (phone) is `q`, else whose id it is; with their context. */
    async memberOf(q: string): Promise<MemberWithContext | null> {
      const byUsername = eq(members.username, q);
      const [row] = await db
        .select({ id: members.id, currency: members.currency, ...memberContextColumns(members.id) })
        .from(members)
        .where(/^\d{1,15}$/.test(q) ? or(byUsername, eq(members.id, Number(q))) : byUsername)
        .orderBy(desc(sql`${byUsername}`))
        .limit(1);
      if (!row) return null;
      const { id, currency, ...context } = row;
      return { id, currency, context };
    },

    async memberById(tx: Tx, id: number): Promise<{ id: number; currency: string } | null> {
      const [row] = await tx
        .select({ id: members.id, currency: members.currency })
        .from(members)
        .where(eq(members.id, id));
      return row ?? null;
    },
  };
}
export type DepositReviewRepository = ReturnType<typeof createDepositReviewRepository>;
