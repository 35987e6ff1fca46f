import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';

const UNSETTLED = ['PENDING', 'UNKNOWN'];

export function createWalletRepository(db: Db) {
  return {
    /** The newest entry of an account: a cheap "has anything moved since?" marker. */
    async lastEntryId(accountId: number, tx?: Tx): Promise<number> {
      const [row] = await (tx ?? db)
        .select({ id: sql<number>`coalesce(max(${ledgerEntries.id}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId));
      return Number(row?.id ?? 0);
    },

    async lockAccount(tx: Tx, accountId: number) {
      const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for('update');
      return row ?? null;
    },

    /** Whether a transfer to or from this game is still unsettled for the member. */
    async hasUnsettledTransfer(memberId: number, gameCode: string, tx?: Tx): Promise<boolean> {
      const rows = await (tx ?? db)
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'TRANSFER'),
            inArray(ledgerTransactions.status, UNSETTLED),
            or(eq(ledgerTransactions.fromCode, gameCode), eq(ledgerTransactions.toCode, gameCode)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

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
    async claimUnsettled(now: Date, pendingBefore: Date, leaseMs: number, limit: number) {
      const candidates = db
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
      return db
        .update(ledgerTransactions)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(inArray(ledgerTransactions.id, candidates))
        .returning();
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
