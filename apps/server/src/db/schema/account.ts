import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { banks } from './lookup.ts';

export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    currency: text('currency').notNull(),
    sourceCode: text('source_code'),
    referrerId: bigint('referrer_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    status: text('status').notNull().default('ACTIVE'),
    /**
     * Raised with every password change, in the same statement as the hash: a session carries the
     * version it was made from and is live only while the two are equal (decision 056).
     */
    credentialVersion: integer('credential_version').notNull().default(1),
    /** When the member proved the phone (their username) by OTP; null: never proven. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    coin: integer('coin').notNull().default(0),
    /**
     * Deposited money not yet played through once (minor units): raised by each deposit, lowered by
     * settled bets (turnover) and by withdrawals that take it out. Above zero, a withdrawal waits for review.
     */
    unplayed: bigint('unplayed', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Played-through deposit (BAHT minor units) not yet worth a whole spin coin. */
    coinProgress: bigint('coin_progress', { mode: 'bigint' }).notNull().default(sql`0`),
    /** How many statement rows the member has: the next row's member_seq, and `total` without a count. */
    movementCount: integer('movement_count').notNull().default(0),
    /** Reality check interval chosen by the member (30 or 60 minutes); null: off. */
    realityCheckMinutes: integer('reality_check_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('members_unplayed', sql`${t.unplayed} >= 0`),
    index('members_referrer_idx').on(t.referrerId).where(sql`${t.referrerId} is not null`),
  ],
);

/** The payout account, fixed at registration. One per member; a bank account belongs to one member. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('bank_accounts_bank_no_key').on(t.bankCode, t.accountNo)],
);
