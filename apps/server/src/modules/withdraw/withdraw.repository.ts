// SQL of withdrawals: the row's way from hold to payout, leases and claim fences for the payout
// worker. No rules here. A member's withdrawal history and a withdrawal by its Idempotency-Key read
// other modules' tables: `withdraw.hot-path.ts`.
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';

export type Withdrawal = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type { WithdrawalStatus };

const freeAt = (now: Date) => or(isNull(withdrawals.leaseUntil), lt(withdrawals.leaseUntil, now));

export function createWithdrawRepository(db: Db) {
  return {
    /** Moves `delta` (minor units) onto members.unplayed: minus when a hold takes it, plus when money comes back. */
    async addUnplayed(tx: Tx, memberId: number, delta: bigint) {
      await tx
        .update(members)
        .set({ unplayed: sql`${members.unplayed} + ${delta.toString()}::bigint` })
        .where(eq(members.id, memberId));
    },

    async insert(tx: Tx, row: NewWithdrawal): Promise<Withdrawal> {
      const [created] = await tx.insert(withdrawals).values(row).returning();
      return created!;
    },

    async byId(id: number, tx?: Tx): Promise<Withdrawal | null> {
      const [row] = await (tx ?? db).select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      return row ?? null;
    },

    async list(filter: { memberId?: number; status?: WithdrawalStatus }, limit: number): Promise<Withdrawal[]> {
      return db
        .select()
        .from(withdrawals)
        .where(
          and(
            filter.memberId === undefined ? undefined : eq(withdrawals.memberId, filter.memberId),
            filter.status === undefined ? undefined : eq(withdrawals.status, filter.status),
          ),
        )
        .orderBy(desc(withdrawals.id))
        .limit(limit);
    },

    /**
     * Takes up to `limit` approved withdrawals no other worker holds (rows locked by one are skipped)
     * for a payout attempt, each with a new claim fence: a worker acts on a row only while the fence
     * it claimed with is still the row's. `attempts` counts the claims. The rows are chosen and
     * locked first, then updated by id, so a claim never takes more than `limit`.
     */
    async claimApproved(now: Date, leaseMs: number, limit: number): Promise<Withdrawal[]> {
      return db.transaction(async (tx) => {
        const free = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, 'APPROVED'), freeAt(now)))
          .orderBy(withdrawals.id)
          .limit(limit)
          .for('update', { skipLocked: true });
        if (free.length === 0) return [];
        return tx
          .update(withdrawals)
          .set({
            leaseUntil: new Date(now.getTime() + leaseMs),
            attempts: sql`${withdrawals.attempts} + 1`,
            claimFence: sql`${withdrawals.claimFence} + 1`,
          })
          .where(
            inArray(
              withdrawals.id,
              free.map((r) => r.id),
            ),
          )
          .returning();
      });
    },

    /** Takes one approved withdrawal when nobody holds it (an operator's reject), with a new claim fence. */
    async claimOne(id: number, now: Date, leaseMs: number): Promise<Withdrawal | null> {
      const [row] = await db
        .update(withdrawals)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), claimFence: sql`${withdrawals.claimFence} + 1` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'APPROVED'), freeAt(now)))
        .returning();
      return row ?? null;
    },

    /**
     * Gives an approved withdrawal back to the worker, with why the attempt failed when it did; only
     * while `fence` is still the row's (a later claim holds it otherwise).
     */
    async release(id: number, fence: number, note: string | null) {
      await db
        .update(withdrawals)
        .set({ leaseUntil: null, updatedAt: sql`now()`, ...(note ? { note } : {}) })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'APPROVED'), eq(withdrawals.claimFence, fence)));
    },

    /**
     * Moves a withdrawal from one of `from` to `to`; null when it was not in `from` any more, or when
     * `fence` is given and a later claim holds it.
     */
    async transition(
      tx: Tx | Db,
      id: number,
      from: WithdrawalStatus[],
      to: WithdrawalStatus,
      set: { payoutRef?: string; note?: string | null } = {},
      fence?: number,
    ): Promise<Withdrawal | null> {
      const [row] = await tx
        .update(withdrawals)
        .set({ status: to, leaseUntil: null, updatedAt: sql`now()`, ...set })
        .where(
          and(
            eq(withdrawals.id, id),
            inArray(withdrawals.status, from),
            fence === undefined ? undefined : eq(withdrawals.claimFence, fence),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
export type WithdrawRepository = ReturnType<typeof createWithdrawRepository>;
