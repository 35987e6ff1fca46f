// Player protection: deposit and loss limits, time-outs and self-exclusions, and their history.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { staff } from './ops.ts';

/**
 * A member's limit of one kind over one rolling period, in minor units of the member's currency.
 * Lowering (or a first limit) takes effect at once; a raise or a removal waits in `pending_*` for
 * 24 hours and then for the member to confirm it.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** DEPOSIT or LOSS. */
    kind: text('kind').notNull(),
    /** DAY (24 hours), WEEK (7 days) or MONTH (30 days), rolling. */
    period: text('period').notNull(),
    /** The limit in force; null: none. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** A raise waiting: the new amount, or null with `pending_since` set for a removal. */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    /** When the raise or removal was asked; null: nothing waits. */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.period] }),
    check('protection_limits_kind', sql`${t.kind} in ('DEPOSIT', 'LOSS')`),
    check('protection_limits_period', sql`${t.period} in ('DAY', 'WEEK', 'MONTH')`),
    check('protection_limits_amount', sql`${t.amount} is null or ${t.amount} > 0`),
    check('protection_limits_pending', sql`${t.pendingAmount} is null or ${t.pendingAmount} > 0`),
  ],
);

/** A time-out or a self-exclusion. In force from `starts_at` until `ends_at` (null: permanent) unless ended. */
export const protectionExclusions = pgTable(
  'protection_exclusions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** TIMEOUT or SELF_EXCLUSION. */
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Ended early by an admin after the minimum term, with a reason. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: bigint('ended_by', { mode: 'number' }).references(() => staff.id),
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('protection_exclusions_member_idx').on(t.memberId, t.id),
    check('protection_exclusions_kind', sql`${t.kind} in ('TIMEOUT', 'SELF_EXCLUSION')`),
  ],
);

/** Everything that happened to a member's protections: set, raised, confirmed, hit, ended. */
export const protectionEvents = pgTable(
  'protection_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member who acted; null: the member or the system. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('protection_events_member_idx').on(t.memberId, t.id),
    index('protection_events_kind_idx').on(t.kind, t.createdAt),
  ],
);
