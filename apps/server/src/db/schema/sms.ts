import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox SMS adapter's outbox, read by GET /dev/sms. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_messages_phone_idx').on(t.phone, t.createdAt)],
);
