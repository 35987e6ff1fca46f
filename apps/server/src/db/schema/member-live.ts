import { bigint, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * A member's live money events (contracts/live.ts), kept for MEMBER_LIVE_KEEP_MS so a socket that
 * connects again hears what it missed; the id is the cursor. Pruned by the live events job.
 */
export const memberLiveEvents = pgTable(
  'member_live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The event as sent, without its id. */
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_live_events_member_idx').on(t.memberId, t.id),
    index('member_live_events_created_idx').on(t.createdAt),
  ],
);
