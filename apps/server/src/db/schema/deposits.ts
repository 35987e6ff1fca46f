// Deposits and withdrawals (docs/architecture.md §3.3, §4), and the books of the sandboxed outside
// parties (payment gateway, bank feed, TrueMoney, payout bank) that stand in for the real ones.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { ledgerTransactions } from './ledger.ts';
import { staff } from './ops.ts';

/**
 * Every outside reference that credited a wallet: (source, reference) is unique, so a QR paid
 * twice, a slip uploaded twice (by anyone), a voucher redeemed twice or a feed row seen twice
 * credits once. Written in the same database transaction as the ledger posting. A reference staff
 * refused as not ours is claimed here too, without a member, so that nothing credits it later.
 */
export const depositReferences = pgTable(
  'deposit_references',
  {
    /** QR, BANK (slips, bank feed and notices share it: one bank transfer), TRUEMONEY. */
    source: text('source').notNull(),
    reference: text('reference').notNull(),
    /**
     * The member it credited; null: staff refused the transfer as not a member's deposit (the deposits
     * queue's "not ours"), and nothing may credit it.
     */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    /** The house account number that received a bank transfer; null: not known (QR, TrueMoney, older rows). */
    toAccountNo: text('to_account_no'),
    /** Minor units credited; null on rows older than this column. */
    amount: bigint('amount', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.reference] }),
    index('deposit_references_to_account_idx').on(t.toAccountNo, t.createdAt).where(sql`${t.toAccountNo} is not null`),
  ],
);

/** A member's QR at a gateway. At most one OPEN per member. */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: text('id').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    bankCode: text('bank_code').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The gateway's order reference. */
    gatewayRef: text('gateway_ref').notNull(),
    /** The EMVCo Thai QR Payment payload the gateway returned. */
    payload: text('payload').notNull(),
    /** OPEN, PAID, CANCELLED, EXPIRED. */
    status: text('status').notNull(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_codes_one_open_key').on(t.memberId).where(sql`${t.status} = 'OPEN'`),
    uniqueIndex('qr_codes_gateway_ref_key').on(t.bankCode, t.gatewayRef),
    index('qr_codes_open_expiry_idx').on(t.expireAt).where(sql`${t.status} = 'OPEN'`),
  ],
);

/** An uploaded slip and what verification made of it. */
export const slips = pgTable(
  'slips',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** Public random id: the image is fetched by it, only by its owner. */
    reference: text('reference').notNull().unique(),
    /** PENDING (verifying or waiting on the bank), SUCCESS, FAILED. */
    status: text('status').notNull(),
    /** A slip reason code (docs/product.md §7) when FAILED. */
    note: text('note'),
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    currency: text('currency').notNull(),
    sendingBank: text('sending_bank'),
    transRef: text('trans_ref'),
    /** The re-encoded image, relative to the upload directory (outside the web root). */
    filePath: text('file_path'),
    /** An outside link to the image, when the verifier keeps one. */
    link: text('link'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    attempts: integer('attempts').notNull().default(0),
    /** When a bank-delay answer is checked again by the job. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When a staff member credited it by hand or confirmed its rejection: it left the console's queue. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slips_member_idx').on(t.memberId, t.id),
    index('slips_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'PENDING'`),
    /** The console's queue, oldest first: PENDING slips, and FAILED ones nobody reviewed. */
    index('slips_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING' or (${t.status} = 'FAILED' and ${t.reviewedAt} is null)`),
  ],
);

/** POST /api/wallet/add: a member's notice of a manual bank transfer, matched against the bank feed. */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** OPEN, MATCHED, EXPIRED. */
    status: text('status').notNull().default('OPEN'),
    feedId: bigint('feed_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deposit_notices_open_idx').on(t.memberId, t.amount).where(sql`${t.status} = 'OPEN'`)],
);

/** A withdrawal's way from hold to payout (docs/architecture.md §3.3). Its money lives in the ledger transaction. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    bankCode: text('bank_code').notNull(),
    bankAccountNo: text('bank_account_no').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    /** WAITING_APPROVAL, APPROVED (to be paid), PAID, REJECTED. */
    status: text('status').notNull(),
    payoutRef: text('payout_ref'),
    note: text('note'),
    /** The part of members.unplayed this withdrawal took out; given back if the money comes back. */
    unplayedPart: bigint('unplayed_part', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Why it waits for an operator (WITHDRAW_REVIEW_REASONS in contracts); empty when auto-approved. */
    reviewReasons: jsonb('review_reasons').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Raised by every claim: a worker settles only while the fence it claimed with is still the row's. */
    claimFence: bigint('claim_fence', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.id),
    index('withdrawals_member_created_idx').on(t.memberId, t.createdAt),
    index('withdrawals_due_idx').on(t.updatedAt).where(sql`${t.status} = 'APPROVED'`),
  ],
);

// ---- The sandboxed outside parties' own books (docs/architecture.md §1) ----

/** The sandbox payment gateway's orders. */
export const sandboxGatewayOrders = pgTable('sandbox_gateway_orders', {
  ref: text('ref').primaryKey(),
  bankCode: text('bank_code').notNull(),
  merchantRef: text('merchant_ref').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  payload: text('payload').notNull(),
  /** OPEN, PAID, CANCELLED, EXPIRED. */
  status: text('status').notNull(),
  expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox bank's statement of the house's receiving accounts: what the slip verifier checks
 * against, and what AUTO-mode accounts and manual notices are credited from.
 */
export const sandboxBankFeed = pgTable(
  'sandbox_bank_feed',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The slip mini-QR's sending bank (3-digit bank id) and transaction reference. */
    sendingBank: text('sending_bank').notNull(),
    transRef: text('trans_ref').notNull(),
    fromBankCode: text('from_bank_code').notNull(),
    fromAccountNo: text('from_account_no').notNull(),
    toBankCode: text('to_bank_code').notNull(),
    toAccountNo: text('to_account_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The bank's statement shows the row only from then (a bank delay). */
    visibleAt: timestamp('visible_at', { withTimezone: true }).notNull(),
    /** Set once the feed sweep has looked at the row (credited, matched or left for a slip). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_bank_feed_ref_key').on(t.sendingBank, t.transRef),
    index('sandbox_bank_feed_unprocessed_idx').on(t.visibleAt).where(sql`${t.processedAt} is null`),
  ],
);

/** The sandbox TrueMoney: gift vouchers and transfers into the house wallet (AUTO mode). */
export const sandboxTruemoney = pgTable(
  'sandbox_truemoney',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** VOUCHER (a gift link) or TRANSFER (phone to the house wallet). */
    kind: text('kind').notNull(),
    /** The voucher hash of the gift link, or the transfer's reference. */
    ref: text('ref').notNull().unique(),
    fromPhone: text('from_phone'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** AVAILABLE, REDEEMED (vouchers); RECEIVED (transfers). */
    status: text('status').notNull(),
    redeemedBy: text('redeemed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_truemoney_unprocessed_idx').on(t.createdAt).where(sql`${t.processedAt} is null`)],
);

/** The sandbox payout bank: one row per paid withdrawal (its id is ours, so a retry pays once). */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  withdrawalId: bigint('withdrawal_id', { mode: 'number' }).primaryKey(),
  bankCode: text('bank_code').notNull(),
  accountNo: text('account_no').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  ref: text('ref').notNull(),
  /** PAID, or CANCELLED: voided before it was paid, so a late request with that id is refused. */
  status: text('status').notNull().default('PAID'),
  /** How many pay calls arrived for this id (a real bank may not de-duplicate: we must call once). */
  payCalls: integer('pay_calls').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money that arrived for a member but is not credited until a person looks at it (decision 056):
 * today a TrueMoney AUTO transfer from a phone the member never proved by OTP.
 */
export const depositReviews = pgTable(
  'deposit_reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The deposit_references kind the money would be credited under (TRUEMONEY). */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** Why it waits, e.g. unproven-phone. */
    reason: text('reason').notNull(),
    /** WAITING, then CREDITED or REJECTED by a person. */
    status: text('status').notNull().default('WAITING'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_reviews_ref').on(t.kind, t.ref),
    index('deposit_reviews_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'WAITING'`),
  ],
);

/**
 * Every call to the payout bank for a withdrawal, written (with its unique request key) before the
 * call is made: no two workers can call the bank for one withdrawal attempt, and a retry first asks
 * the bank about the previous attempt.
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    attempt: integer('attempt').notNull(),
    /** What the bank is told identifies this payment. */
    requestKey: text('request_key').notNull().unique(),
    /** The withdrawal's claim fence when this attempt was written. */
    fence: bigint('fence', { mode: 'number' }).notNull(),
    /** SENDING, then PAID, FAILED or UNKNOWN (no definite answer). */
    status: text('status').notNull().default('SENDING'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payout_attempts_withdrawal_attempt').on(t.withdrawalId, t.attempt)],
);
