import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/** Opaque bearer tokens, stored as SHA-256 hashes (docs/architecture.md §5). */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /** The member's credential version the session was made from (members.credential_version). */
    credentialVersion: integer('credential_version').notNull().default(1),
  },
  // Created-at: the prune of ended sessions past the known-address window (sessions-prune.job.ts).
  (t) => [index('sessions_member_idx').on(t.memberId), index('sessions_created_idx').on(t.createdAt)],
);

export const otpRequests = pgTable(
  'otp_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    ref: text('ref').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('otp_requests_phone_idx').on(t.phone, t.createdAt)],
);

/** Fixed one-minute buckets summed over a window: shared by every server instance. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.bucket] })],
);

/**
 * Wrong passwords per account and source (decision 056): a source that keeps guessing is slowed
 * down by a back-off of its own; the account's owner, from another source, is not.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.source] }),
    index('login_failures_account_idx').on(t.account, t.lastFailedAt),
  ],
);
