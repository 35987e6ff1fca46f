// SQL of withdrawals: the row's way from hold to payout, leases and claim fences for the payout
// worker. No rules here.
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import type { WithdrawHistory } from './withdraw-rules.ts';

export type Withdrawal = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type { WithdrawalStatus };

const freeAt = (now: Date) => or(isNull(withdrawals.leaseUntil), lt(withdrawals.leaseUntil, now));

export function createWithdrawRepository(db: Db) {
  return {
    /**
     * The member's unplayed deposit and withdrawals: the last 24 h's not rejected (database clock,
     * like created_at) and whether one was ever paid. Null when there is no such member.
     */
    async history(memberId: number, tx?: Tx): Promise<WithdrawHistory | null> {
      const result = await (tx ?? db).execute(sql`
        select m.unplayed::text as unplayed,
          coalesce(d.amount, 0)::text as day_amount, coalesce(d.n, 0)::int as day_count,
          exists (select 1 from ${withdrawals} p where p.member_id = m.id and p.status = 'PAID') as has_paid
        from ${members} m
        left join lateral (
          select sum(w.amount) as amount, count(*) as n from ${withdrawals} w
          where w.member_id = m.id and w.status <> 'REJECTED' and w.created_at > now() - interval '24 hours'
        ) d on true
        where m.id = ${memberId}`);
      const [row] = rowsOf<{ unplayed: string; day_amount: string; day_count: number; has_paid: boolean }>(result);
      if (!row) return null;
      return {
        unplayed: BigInt(row.unplayed),
        dayAmount: BigInt(row.day_amount),
        dayCount: Number(row.day_count),
        hasPaid: row.has_paid === true || (row.has_paid as unknown) === 't',
      };
    },

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

    /** The withdrawal a member's Idempotency-Key already made, if any. */
    async byKey(memberId: number, key: string): Promise<Withdrawal | null> {
      const [row] = await db
        .select({ w: withdrawals })
        .from(withdrawals)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, withdrawals.transactionId))
        .where(
          and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'WITHDRAW'),
            eq(ledgerTransactions.idempotencyKey, key),
          ),
        )
        .limit(1);
      return row?.w ?? null;
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
