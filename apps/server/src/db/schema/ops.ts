// The operator console's own tables: staff accounts, their enrolment links and sessions, and the
// hash-chained audit trail (decision 061).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const staff = pgTable(
  'staff',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** owner | admin | finance | support (ROLE_PERMISSIONS in the contracts). */
    role: text('role').notNull(),
    /** argon2id; null until the staff member enrols. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed with APP_SECRET (lib/crypto.ts). */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never taken twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    status: text('status').notNull().default('enrolling'),
    /** Raised by disabling and re-enrolling: every session made from an older version ends. */
    credentialVersion: integer('credential_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_role', sql`${t.role} in ('owner', 'admin', 'finance', 'support')`),
    check('staff_status', sql`${t.status} in ('active', 'enrolling', 'disabled')`),
  ],
);

/** One-time enrolment links, stored as SHA-256 hashes of their tokens. */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when a newer link replaces it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_enrolments_staff_idx').on(t.staffId)],
);

/** Console sessions: the cookie's token and its CSRF token, both stored as SHA-256 hashes. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    csrfHash: text('csrf_hash').notNull(),
    credentialVersion: integer('credential_version').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_created_idx').on(t.createdAt)],
);

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). `seq` is the last one plus one,
 * taken under an advisory lock, so a rolled-back append leaves no gap; `hash` is the HMAC-SHA256,
 * under AUDIT_CHAIN_KEY, of prev_hash + the entry's canonical JSON (modules/audit/audit-hash.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** staff | member | system */
    actor: text('actor').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_member_idx').on(t.memberId, t.seq),
    index('audit_log_staff_idx').on(t.staffId, t.seq),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.seq),
    check('audit_log_actor', sql`${t.actor} in ('staff', 'member', 'system')`),
  ],
);
