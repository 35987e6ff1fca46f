import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/**
 * Ledger accounts (DESIGN §4). Registration opens the member's WALLET at 0 in their currency;
 * the money-core work adds transactions, entries and house accounts on top of this table.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    /** MEMBER accounts can never go below zero; HOUSE accounts carry the other side. */
    kind: text('kind').notNull(),
    /** WALLET, a game code, or a house account code. */
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_code_key')
      .on(t.memberId, t.code, t.currency)
      .where(sql`${t.memberId} is not null`),
    check('ledger_accounts_member_non_negative', sql`${t.kind} <> 'MEMBER' or ${t.balance} >= 0`),
  ],
);
