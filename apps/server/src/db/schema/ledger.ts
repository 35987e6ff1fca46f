import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/**
 * Ledger accounts (docs/architecture.md §3.1): each member's WALLET and one account per member and game (the
 * in-game float), and house accounts, sharded so no single house row is hot.
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
    /** House accounts are split into shards picked by member id (no hot row). */
    shard: integer('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_code_key')
      .on(t.memberId, t.code, t.currency)
      .where(sql`${t.memberId} is not null`),
    uniqueIndex('ledger_accounts_house_key').on(t.code, t.currency, t.shard).where(sql`${t.memberId} is null`),
    check('ledger_accounts_member_non_negative', sql`${t.kind} <> 'MEMBER' or ${t.balance} >= 0`),
    check('ledger_accounts_kind', sql`${t.kind} in ('MEMBER', 'HOUSE')`),
  ],
);

/**
 * One money movement. Its entries are written in balanced steps (a saga may post the pending step
 * first and the settlement later); every step sums to zero. `memberSeq` numbers the member's
 * statement rows 1, 2, 3…: a statement page is an index range seek on (member_id, member_seq).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    /** TRANSFER, GAME_RESULT, DEPOSIT, WITHDRAW, BONUS… */
    type: text('type').notNull(),
    /** PENDING, UNKNOWN (no answer from the outside party yet), SUCCESS, FAILED. */
    status: text('status').notNull(),
    /** deposit | bonus | finish_bonus | withdraw | transfer; null when not a statement row. */
    statementType: text('statement_type'),
    memberSeq: integer('member_seq'),
    fromCode: text('from_code').notNull().default(''),
    toCode: text('to_code').notNull().default(''),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key'),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Reconciliation takes a transfer by setting a lease, so two workers never settle it at once. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_member_seq_key')
      .on(t.memberId, t.memberSeq)
      .where(sql`${t.memberSeq} is not null`),
    uniqueIndex('ledger_transactions_idempotency_key')
      .on(t.memberId, t.type, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('ledger_transactions_deposit_rules_idx')
      .on(t.id)
      .where(sql`${t.type} = 'DEPOSIT' and not (${t.metadata} ? 'rulesApplied')`),
    index('ledger_transactions_unsettled_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('PENDING', 'UNKNOWN')`),
    // The dashboard's per-day sums: one type's rows since the first day of its window.
    index('ledger_transactions_type_created_idx').on(t.type, t.createdAt),
    check('ledger_transactions_status', sql`${t.status} in ('PENDING', 'UNKNOWN', 'SUCCESS', 'FAILED')`),
    check('ledger_transactions_amount', sql`${t.amount} >= 0`),
  ],
);

/** One side of a posting, with the account's balance right after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_tx_idx').on(t.transactionId),
  ],
);

/** The first answer to each Idempotency-Key, replayed for any repeat of the same request. */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** IN_FLIGHT while the first request runs, then DONE with its answer. */
    state: text('state').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
