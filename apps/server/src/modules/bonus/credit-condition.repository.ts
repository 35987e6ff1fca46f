// SQL of the credit conditions (docs/architecture.md §3.4): the condition row lock, the grant's posting. No rules
// here. The member's total balance and game accounts are in `bonus.hot-path.ts`.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { creditConditions } from '../../db/schema/promotions.ts';

export type CreditCondition = typeof creditConditions.$inferSelect;
export type NewCreditCondition = typeof creditConditions.$inferInsert;

type Executor = Db | Tx;

export function createConditionRepository(db: Db) {
  return {
    async active(memberId: number, tx?: Tx): Promise<CreditCondition | null> {
      const [row] = await (tx ?? db)
        .select()
        .from(creditConditions)
        .where(and(eq(creditConditions.memberId, memberId), eq(creditConditions.status, 'ACTIVE')))
        .limit(1);
      return row ?? null;
    },

    /**
     * The ACTIVE condition, locked and re-read (null when another request ended it meanwhile): step 2
     * of the ledger's lock order (`lockMembers`), after the member row.
     */
    async lockActive(tx: Tx, memberId: number): Promise<CreditCondition | null> {
      const [row] = await tx
        .select()
        .from(creditConditions)
        .where(and(eq(creditConditions.memberId, memberId), eq(creditConditions.status, 'ACTIVE')))
        .for('update');
      return row ?? null;
    },

    async insert(tx: Tx, row: NewCreditCondition): Promise<CreditCondition> {
      const [created] = await tx.insert(creditConditions).values(row).returning();
      return created!;
    },

    async update(tx: Tx, id: number, set: Partial<NewCreditCondition>): Promise<CreditCondition> {
      const [row] = await tx.update(creditConditions).set(set).where(eq(creditConditions.id, id)).returning();
      return row!;
    },

    /** The member's WALLET balance, unlocked (decides whether a cancel must first bring money back). */
    async walletBalance(memberId: number): Promise<bigint> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, 'WALLET')))
        .limit(1);
      return row?.balance ?? 0n;
    },

    /** The member's WALLET, locked, with its balance now. */
    async lockWallet(tx: Tx, memberId: number) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, 'WALLET')))
        .for('update');
      return row ?? null;
    },

    /** The account a grant was paid from: the one its posting took money out of. */
    async grantSource(ex: Executor, grantTransactionId: number): Promise<number | null> {
      const [row] = await ex
        .select({ accountId: ledgerEntries.accountId })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.transactionId, grantTransactionId), sql`${ledgerEntries.amount} < 0`))
        .limit(1);
      return row?.accountId ?? null;
    },

    /** The entry id of a transaction's posting on the member's WALLET (orders postings on that account). */
    async walletEntryId(ex: Executor, transactionId: number, memberId: number): Promise<number | null> {
      const [row] = await ex
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerEntries.transactionId, transactionId),
            eq(ledgerAccounts.memberId, memberId),
            eq(ledgerAccounts.code, 'WALLET'),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /** Marks a deposit as having raised a condition; false when it already had (raise once per deposit). */
    async markDepositRaised(tx: Tx, depositTransactionId: number, memberId: number, conditionId: number) {
      const rows = await tx
        .update(ledgerTransactions)
        .set({
          metadata: sql`${ledgerTransactions.metadata} || ${JSON.stringify({ raisedConditionId: conditionId })}::jsonb`,
        })
        .where(
          and(
            eq(ledgerTransactions.id, depositTransactionId),
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'DEPOSIT'),
            sql`not (${ledgerTransactions.metadata} ? 'raisedConditionId')`,
          ),
        )
        .returning({ id: ledgerTransactions.id });
      return rows.length === 1;
    },

    async description(ex: Executor, transactionId: number | null): Promise<string> {
      if (transactionId === null) return '';
      const [row] = await ex
        .select({ description: ledgerTransactions.description })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, transactionId))
        .limit(1);
      return row?.description ?? '';
    },
  };
}
export type ConditionRepository = ReturnType<typeof createConditionRepository>;
