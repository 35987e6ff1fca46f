// Promotions (docs/product.md §4): bonuses, promotion codes, credit conditions, invites,
// cashback, the spin wheel. Money itself is always in the ledger; these tables hold the rules and
// who received what.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { memberTurnover } from './games.ts';
import { ledgerTransactions } from './ledger.ts';

export type BannerRow = { image: string; html: string };

/** A deposit bonus (docs/product.md §4.1). Amounts in minor units of `currency`. */
export const bonuses = pgTable('bonuses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** limit (total receipts), day, week (receipts within the current day / week, site time zone). */
  type: text('type').notNull(),
  maxReceived: integer('max_received').notNull(),
  /** The bonus is this percentage of the qualifying deposit… */
  percent: integer('percent').notNull(),
  /** …capped at this amount. */
  maxBonus: bigint('max_bonus', { mode: 'bigint' }).notNull(),
  /** The smallest qualifying deposit. */
  minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
  /** Success when the total balance reaches turnover × the starting credit. */
  turnover: integer('turnover').notNull(),
  /** Failure when the total balance falls below percentFail % of the starting credit. */
  percentFail: integer('percent_fail').notNull(),
  banners: jsonb('banners').$type<BannerRow[]>().notNull().default([]),
  currency: text('currency').notNull().default('BAHT'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A promotion code (docs/product.md §4.1): a fixed credit under a condition. */
export const promotions = pgTable('promotions', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  turnover: integer('turnover').notNull(),
  percentFail: integer('percent_fail').notNull(),
  /** How many members may use it in all (null: no limit). */
  maxUses: integer('max_uses'),
  currency: text('currency').notNull().default('BAHT'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
});

/** Who used which promotion code: once per member. */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    code: text('code')
      .notNull()
      .references(() => promotions.code),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    conditionId: bigint('condition_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.memberId] })],
);

/**
 * A credit condition (docs/product.md §4.2) started by a bonus, a promotion code, an invite or a refund
 * claim. At most one ACTIVE per member. While ACTIVE: no deposit, no withdrawal, no refund claim.
 */
export const creditConditions = pgTable(
  'credit_conditions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** bonus, promotion, invite, refund. */
    kind: text('kind').notNull(),
    /** The bonus or promotion code, or the invite / refund claim id. */
    sourceCode: text('source_code').notNull(),
    /** ACTIVE, SUCCESS, FAILED, CANCELLED. */
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    /** The credit given when it started (what a cancel takes back, at most). */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull(),
    /** Total balance (wallet plus games) the condition starts from. */
    startCredit: bigint('start_credit', { mode: 'bigint' }).notNull(),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    failBelow: bigint('fail_below', { mode: 'bigint' }).notNull(),
    percentFail: integer('percent_fail').notNull(),
    /** A deposit bonus's qualifying deposit: each deposit qualifies for one bonus at most. */
    qualifyingDepositId: bigint('qualifying_deposit_id', { mode: 'number' })
      .unique()
      .references(() => ledgerTransactions.id),
    grantTransactionId: bigint('grant_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    finishTransactionId: bigint('finish_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_conditions_one_active_key').on(t.memberId).where(sql`${t.status} = 'ACTIVE'`),
    index('credit_conditions_member_kind_idx').on(t.memberId, t.kind, t.sourceCode, t.createdAt),
  ],
);

/**
 * The referrer's share of one invitee deposit (booked REFERRAL_EXPENSE → the referrer's INVITE
 * member account when earned; the claim moves INVITE → WALLET). One per deposit.
 */
export const inviteEarnings = pgTable(
  'invite_earnings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** Earlier earnings: the invitee's deposit transaction that earned it when credited. */
    depositTransactionId: bigint('deposit_transaction_id', { mode: 'number' })
      .unique()
      .references(() => ledgerTransactions.id),
    /** The invitee's turnover that played deposited money through: the share vests on it, once. */
    turnoverId: bigint('turnover_id', { mode: 'number' })
      .unique()
      .references(() => memberTurnover.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invite_earnings_referrer_idx').on(t.referrerId, t.id)],
);

/**
 * Cashback of one period (docs/product.md §4.4): the configured share of the member's net game losses,
 * received into the member's REFUND account (CASHBACK_EXPENSE → REFUND); added to the wallet later.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
    refundAmount: bigint('refund_amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_member_period_key').on(t.memberId, t.periodStart),
    index('refunds_member_idx').on(t.memberId, t.id),
  ],
);

/** A spin wheel (docs/product.md §4.5). One is active. */
export const spinWheels = pgTable('spin_wheels', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** One coin per this much deposited (minor units, BAHT). */
  coinPer: bigint('coin_per', { mode: 'bigint' }).notNull(),
  /** Coupons can be claimed for this many hours. */
  couponHours: integer('coupon_hours').notNull().default(72),
});

/** A slice of a wheel, drawn with probability weight / sum(weights). */
export const spinSlices = pgTable(
  'spin_slices',
  {
    wheelId: bigint('wheel_id', { mode: 'number' })
      .notNull()
      .references(() => spinWheels.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    bgColor: text('bg_color').notNull(),
    textColor: text('text_color').notNull(),
    htmlDescription: text('html_description').notNull().default(''),
    weight: integer('weight').notNull(),
    /** CREDIT (a coupon for prizeAmount) or NONE (no prize). */
    prizeType: text('prize_type').notNull(),
    prizeName: text('prize_name').notNull().default(''),
    prizeAmount: bigint('prize_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.wheelId, t.code] })],
);

/**
 * Coins earned by played-through deposits (once per turnover row; older rows: per deposit
 * transaction). members.coin holds the balance.
 */
export const coinGrants = pgTable('coin_grants', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  depositTransactionId: bigint('deposit_transaction_id', { mode: 'number' })
    .unique()
    .references(() => ledgerTransactions.id),
  turnoverId: bigint('turnover_id', { mode: 'number' })
    .unique()
    .references(() => memberTurnover.id),
  memberId: bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id),
  coins: integer('coins').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One spin: one coin spent, one slice drawn; a prize becomes a coupon. */
export const spins = pgTable(
  'spins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    wheelId: bigint('wheel_id', { mode: 'number' }).notNull(),
    sliceCode: text('slice_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spins_member_idx').on(t.memberId, t.id)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    spinId: bigint('spin_id', { mode: 'number' })
      .notNull()
      .references(() => spins.id),
    wheelId: bigint('wheel_id', { mode: 'number' }).notNull(),
    sliceCode: text('slice_code').notNull(),
    prizeName: text('prize_name').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** OPEN, CLAIMED. Expiry is expiresAt. */
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [index('coupons_member_idx').on(t.memberId, t.createdAt)],
);

/** The member accepted the agreement (closing the agreement modal records it; decision 053). */
export const agreementAcceptances = pgTable('agreement_acceptances', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
});
