// SQL of payout attempts: one row per call to the payout bank for a withdrawal, written before the
// call by the worker whose claim fence is still the withdrawal's. No rules here.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutAttempts, withdrawals } from '../../db/schema/deposits.ts';

export type PayoutAttempt = typeof payoutAttempts.$inferSelect;
/** SENDING until the bank answers; UNKNOWN when it gave no definite answer. */
export type AttemptStatus = 'SENDING' | 'PAID' | 'FAILED' | 'UNKNOWN';
/** PAID: the bank's ref; FAILED: `rejected` (definitive refusal) or `notFound` (never reached the bank). */
export type AttemptDetail = { ref?: string; rejected?: string; notFound?: boolean; reason?: string };

/** The key the bank is told for attempt `n` of a withdrawal: unique, and the same on every replay. */
export const requestKeyOf = (withdrawalId: number, n: number) => `W${withdrawalId}-${n}`;

export function createPayoutAttemptRepository(db: Db) {
  return {
    /** The withdrawal's latest attempt, if any. */
    async last(withdrawalId: number): Promise<PayoutAttempt | null> {
      const [row] = await db
        .select()
        .from(payoutAttempts)
        .where(eq(payoutAttempts.withdrawalId, withdrawalId))
        .orderBy(desc(payoutAttempts.attempt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes attempt `n` (SENDING) in one transaction with a check that the withdrawal is still
     * APPROVED under `fence`, and stretches its lease to `leaseUntil` so that nobody claims it while
     * the call may still be on its way. Null when a later claim holds it or attempt `n` exists.
     */
    async open(withdrawalId: number, fence: number, n: number, leaseUntil: Date): Promise<PayoutAttempt | null> {
      return db.transaction(async (tx) => {
        const held = await tx
          .update(withdrawals)
          .set({ leaseUntil })
          .where(
            and(
              eq(withdrawals.id, withdrawalId),
              eq(withdrawals.status, 'APPROVED'),
              eq(withdrawals.claimFence, fence),
            ),
          )
          .returning({ id: withdrawals.id });
        if (held.length === 0) return null;
        const [row] = await tx
          .insert(payoutAttempts)
          .values({ withdrawalId, attempt: n, requestKey: requestKeyOf(withdrawalId, n), fence })
          .onConflictDoNothing()
          .returning();
        return row ?? null;
      });
    },

    /** Records the bank's answer to an attempt not answered definitively yet. */
    async answer(id: number, status: Exclude<AttemptStatus, 'SENDING'>, detail: AttemptDetail) {
      await db
        .update(payoutAttempts)
        .set({ status, detail, answeredAt: sql`now()` })
        .where(and(eq(payoutAttempts.id, id), inArray(payoutAttempts.status, ['SENDING', 'UNKNOWN'])));
    },

    async of(withdrawalId: number): Promise<PayoutAttempt[]> {
      return db
        .select()
        .from(payoutAttempts)
        .where(eq(payoutAttempts.withdrawalId, withdrawalId))
        .orderBy(payoutAttempts.attempt);
    },
  };
}
export type PayoutAttemptRepository = ReturnType<typeof createPayoutAttemptRepository>;
