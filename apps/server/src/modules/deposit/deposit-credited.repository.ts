// The deposit-credited event's record (deposit-credited.ts): a DEPOSIT ledger transaction whose
// metadata has no `rulesApplied` has not been delivered to the subscribers yet.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';

const PENDING_RULES = sql`${ledgerTransactions.type} = 'DEPOSIT' and not (${ledgerTransactions.metadata} ? 'rulesApplied')`;

export async function markRulesApplied(db: Db, transactionId: number) {
  await db
    .update(ledgerTransactions)
    .set({ metadata: sql`${ledgerTransactions.metadata} || '{"rulesApplied":true}'::jsonb` })
    .where(and(eq(ledgerTransactions.id, transactionId), PENDING_RULES));
}

/** Settled deposits in (from, to) not yet marked delivered, oldest first. */
export async function depositsWithoutRules(db: Db, from: Date, to: Date, limit: number) {
  return db
    .select({
      transactionId: ledgerTransactions.id,
      memberId: ledgerTransactions.memberId,
      amount: ledgerTransactions.amount,
      currency: ledgerTransactions.currency,
    })
    .from(ledgerTransactions)
    .where(
      and(
        PENDING_RULES,
        eq(ledgerTransactions.status, 'SUCCESS'),
        gt(ledgerTransactions.createdAt, from),
        lt(ledgerTransactions.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerTransactions.id))
    .limit(limit);
}
