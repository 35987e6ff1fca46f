import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';

// The wallet's fused hot-path statements (wallet view, transfer side, booking state) live in
// `wallet.hot-path.ts`.
export function createWalletRepository(db: Db) {
  return {
    async transferByKey(memberId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'TRANSFER'),
            eq(ledgerTransactions.idempotencyKey, idempotencyKey),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes up to `limit` unsettled transfers for reconciliation: UNKNOWN ones, and PENDING ones
     * older than `pendingBefore` (their process died mid-saga). A lease keeps other workers off.
     */
    /**
     * Leases up to `limit` unsettled transfers. The ids are locked first, then updated: the one-statement
     * `update … where id in (select … limit n for update skip locked)` can take more than n rows.
     */
    async claimUnsettled(now: Date, pendingBefore: Date, leaseMs: number, limit: number) {
      return db.transaction(async (tx) => {
        const free = await tx
          .select({ id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.type, 'TRANSFER'),
              or(
                eq(ledgerTransactions.status, 'UNKNOWN'),
                and(eq(ledgerTransactions.status, 'PENDING'), lt(ledgerTransactions.updatedAt, pendingBefore)),
              ),
              or(isNull(ledgerTransactions.leaseUntil), lt(ledgerTransactions.leaseUntil, now)),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true });
        if (free.length === 0) return [];
        return tx
          .update(ledgerTransactions)
          .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              ledgerTransactions.id,
              free.map((r) => r.id),
            ),
          )
          .returning();
      });
    },
    /** Hands back leases a stopping worker did not begin. */
    async releaseLeases(ids: number[]) {
      if (ids.length === 0) return;
      await db.update(ledgerTransactions).set({ leaseUntil: null }).where(inArray(ledgerTransactions.id, ids));
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
