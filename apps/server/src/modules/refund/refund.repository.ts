// SQL of cashback: the net game result of a period, the refunds received. No rules here.
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { refunds } from '../../db/schema/promotions.ts';
import type { Period } from './refund-period.ts';

export type NewRefund = typeof refunds.$inferInsert;

export function createRefundRepository(db: Db) {
  return {
    /**
     * The sum of the GAME_RESULT postings on the member's accounts booked in [start, end): wins
     * positive, losses negative. Reached through the member's accounts and their entries (indexed),
     * never a scan of all transactions.
     */
    async netGameResult(memberId: number, currency: string, period: Period, tx?: Tx): Promise<bigint> {
      const [row] = await (tx ?? db)
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerAccounts)
        .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerAccounts.memberId, memberId),
            eq(ledgerAccounts.kind, 'MEMBER'),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerTransactions.type, 'GAME_RESULT'),
            gte(ledgerTransactions.createdAt, period.start),
            lt(ledgerTransactions.createdAt, period.end),
          ),
        );
      return BigInt(row?.total ?? '0');
    },

    /** The refund of one period, if received. */
    async refundOf(memberId: number, periodStart: Date, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(refunds)
        .where(and(eq(refunds.memberId, memberId), eq(refunds.periodStart, periodStart)))
        .limit(1);
      return row ?? null;
    },

    /** Records a period's refund; null when that period was received already (unique member, period). */
    async insert(tx: Tx, row: NewRefund) {
      const [created] = await tx.insert(refunds).values(row).onConflictDoNothing().returning({ id: refunds.id });
      return created ?? null;
    },

    async setTransaction(tx: Tx, id: number, transactionId: number) {
      await tx.update(refunds).set({ transactionId }).where(eq(refunds.id, id));
    },

    /** One page of the member's refunds, newest first. */
    async page(memberId: number, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ refundAmount: refunds.refundAmount, currency: refunds.currency, createdAt: refunds.createdAt })
          .from(refunds)
          .where(eq(refunds.memberId, memberId))
          .orderBy(desc(refunds.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(refunds).where(eq(refunds.memberId, memberId)),
      ]);
      return { total: Number(total?.n ?? 0), rows };
    },
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;
