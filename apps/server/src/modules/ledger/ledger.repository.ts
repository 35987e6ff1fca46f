// SQL of the ledger: guarded balance updates, entries, transactions. No rules here.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';

export type NewTransaction = typeof ledgerTransactions.$inferInsert;

export function createLedgerRepository(db: Db) {
  return {
    /**
     * Adds `delta` to one account in a single statement that refuses to take a MEMBER account
     * below zero; null when it would. The row lock it takes is held until the transaction ends.
     */
    async applyDelta(tx: Tx, accountId: number, delta: bigint): Promise<bigint | null> {
      const d = sql`${delta.toString()}::bigint`;
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${d}` })
        .where(
          and(
            eq(ledgerAccounts.id, accountId),
            sql`(${ledgerAccounts.kind} <> 'MEMBER' or ${ledgerAccounts.balance} + ${d} >= 0)`,
          ),
        )
        .returning({ balance: ledgerAccounts.balance });
      return row ? row.balance : null;
    },

    async insertEntries(
      tx: Tx,
      rows: { transactionId: number; accountId: number; amount: bigint; balanceAfter: bigint }[],
    ) {
      if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
    },

    /** The member's next statement number; also serialises the member's statement writes. */
    async nextMemberSeq(tx: Tx, memberId: number): Promise<number> {
      const [row] = await tx
        .update(members)
        .set({ movementCount: sql`${members.movementCount} + 1` })
        .where(eq(members.id, memberId))
        .returning({ seq: members.movementCount });
      if (!row) throw new Error(`member ${memberId} not found`);
      return row.seq;
    },

    async insertTransaction(tx: Tx, row: NewTransaction) {
      const [created] = await tx.insert(ledgerTransactions).values(row).returning();
      return created!;
    },

    /** Moves a transaction from one of `from` to `to`; false when it was not in `from` any more. */
    async setStatus(tx: Tx, id: number, from: string[], to: string, metadata?: Record<string, unknown>) {
      const rows = await tx
        .update(ledgerTransactions)
        .set({
          status: to,
          updatedAt: sql`now()`,
          leaseUntil: null,
          ...(metadata ? { metadata: sql`${ledgerTransactions.metadata} || ${JSON.stringify(metadata)}::jsonb` } : {}),
        })
        .where(and(eq(ledgerTransactions.id, id), inArray(ledgerTransactions.status, from)))
        .returning({ id: ledgerTransactions.id });
      return rows.length === 1;
    },

    async transaction(id: number, tx?: Tx) {
      const [row] = await (tx ?? db).select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
      return row ?? null;
    },

    async memberAccount(memberId: number, code: string, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code)))
        .limit(1);
      return row ?? null;
    },

    async memberAccounts(memberId: number) {
      return db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
