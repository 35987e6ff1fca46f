// Four-eyes requests of the operator console (decision 062): manual credits and debits of a member's
// wallet, and payout bank account changes. Every manual credit or debit has a row, booked at once
// when at or under the limit, so each adjustment's ledger transaction is traced to who asked and why.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { ledgerTransactions } from './ledger.ts';
import { staff } from './ops.ts';

export const opsApprovals = pgTable(
  'ops_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** credit | debit | bank-change | slip-credit (a slip credited by hand above the limit) */
    kind: text('kind').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** Minor units of `currency`; null for a bank-change. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** The member's currency when asked; null for a bank-change. */
    currency: text('currency'),
    reason: text('reason').notNull(),
    /** bank-change: the new account { bankCode, accountNo, accountName }. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** pending → approved (a bank-change ends here) → booked (credit, debit), or pending → rejected. */
    status: text('status').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    /** Who approved or rejected; null when booked at once (at or under the limit). */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The booked credit or debit. */
    transactionId: bigint('transaction_id', { mode: 'number' })
      .unique()
      .references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ops_approvals_status_idx').on(t.status, t.id),
    index('ops_approvals_member_idx').on(t.memberId, t.id),
    check('ops_approvals_kind', sql`${t.kind} in ('credit', 'debit', 'bank-change', 'slip-credit')`),
    check('ops_approvals_status', sql`${t.status} in ('pending', 'approved', 'rejected', 'booked')`),
    check(
      'ops_approvals_amount',
      sql`(${t.kind} = 'bank-change' and ${t.amount} is null) or (${t.kind} <> 'bank-change' and ${t.amount} > 0 and ${t.currency} is not null)`,
    ),
    check('ops_approvals_not_self', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
