import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { staff } from './ops.ts';

/**
 * One support conversation per member or per guest id (never both). `session_id` is the current
 * session; closing it marks it closed and the next message opens a new one (the divider of docs/product.md §5).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .unique()
      .references(() => members.id),
    guestId: text('guest_id').unique(),
    sessionId: text('session_id').notNull(),
    sessionClosed: boolean('session_closed').notNull().default(false),
    /** The session in which a person answered: the sandbox agent stays quiet for the rest of it. */
    humanSessionId: text('human_session_id'),
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    agentReadAt: timestamp('agent_read_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_conversations_one_owner', sql`(${t.memberId} is null) <> (${t.guestId} is null)`),
    index('chat_conversations_last_idx').on(t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    sessionId: text('session_id').notNull(),
    /** customer, bot (the sandbox agent) or agent (a person through the agent API). */
    sender: text('sender').notNull(),
    messageType: text('message_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** The staff member who wrote an agent message from the console; null for the agent API, the bot and customers. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    /** Who wrote it when it was written: a guest's messages keep their guest id after a merge. */
    memberId: bigint('member_id', { mode: 'number' }),
    guestId: text('guest_id'),
    username: text('username'),
    name: text('name'),
    deviceToken: text('device_token'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    uniqueIndex('chat_messages_idempotency_key')
      .on(t.conversationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Files uploaded into a conversation, stored under UPLOAD_DIR by their random name. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    name: text('name').primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The source address that sent it: storage is capped per address per day. */
    ip: text('ip'),
    /** The message that uses it; an upload no message uses is deleted after a while. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_uploads_conversation_idx').on(t.conversationId),
    index('chat_uploads_ip_idx').on(t.ip, t.createdAt),
    index('chat_uploads_unused_idx').on(t.createdAt).where(sql`${t.messageId} is null`),
  ],
);
