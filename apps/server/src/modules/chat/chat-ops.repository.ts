// The console inbox's SQL: conversations and messages a page at a time (by cursor: newest first,
// the time then the id), the shared read mark, a conversation by id, its session close, and the
// member beside it (their context, latest deposits and slips).
import type { OpsChatCursor } from '@krapao/contracts/ops/chat';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { chatConversations, chatMessages } from '../../db/schema/chat.ts';
import { slips } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { staff } from '../../db/schema/ops.ts';
import { memberContextColumns } from '../account/index.ts';
import type { Conversation } from './chat.repository.ts';

const hasMessages = sql`${chatConversations.lastMessageAt} is not null`;
/** The customer's messages after the inbox's read mark. Spelled out: inside the subquery an unqualified column would bind to the messages table. */
const unreadOf = sql<number>`(select count(*)::int from chat_messages m
  where m.conversation_id = chat_conversations.id and m.sender = 'customer'
  and (chat_conversations.agent_read_at is null or m.created_at > chat_conversations.agent_read_at))`;
const olderThan = (at: unknown, id: unknown, c: OpsChatCursor) =>
  sql`(${at}, ${id}) < (${c.at.toISOString()}::timestamptz, ${c.id})`;

export function createChatOpsRepository(db: Db) {
  return {
    /** Up to `limit` + 1 conversations with messages older than `before`: the extra one says more follow. */
    async conversations(limit: number, before?: OpsChatCursor) {
      const rows = await db
        .select({ conversation: chatConversations, unread: unreadOf, name: members.name, username: members.username })
        .from(chatConversations)
        .leftJoin(members, eq(members.id, chatConversations.memberId))
        .where(
          and(
            hasMessages,
            before ? olderThan(chatConversations.lastMessageAt, chatConversations.id, before) : undefined,
          ),
        )
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(limit + 1);
      const [total] = await db.select({ n: count() }).from(chatConversations).where(hasMessages);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Up to `limit` + 1 messages older than `before`, newest first, each with its staff member's name. */
    async messages(conversationId: number, limit: number, before?: OpsChatCursor) {
      const rows = await db
        .select({ message: chatMessages, staffName: staff.displayName })
        .from(chatMessages)
        .leftJoin(staff, eq(staff.id, chatMessages.staffId))
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            before ? olderThan(chatMessages.createdAt, chatMessages.id, before) : undefined,
          ),
        )
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit + 1);
      const [total] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * Moves the inbox's read mark to `at` when customer messages wait behind it; answers whether it
     * moved (then every staff member's unread count for it changed).
     */
    async markReadIfUnread(conversationId: number, at: Date): Promise<boolean> {
      const moved = await db
        .update(chatConversations)
        .set({ agentReadAt: at })
        .where(and(eq(chatConversations.id, conversationId), sql`${unreadOf} > 0`))
        .returning({ id: chatConversations.id });
      return moved.length > 0;
    },

    async byId(id: number, tx: Db | Tx = db, lock = false): Promise<Conversation | null> {
      const query = tx.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async closeSession(tx: Tx, id: number) {
      await tx.update(chatConversations).set({ sessionClosed: true }).where(eq(chatConversations.id, id));
    },

    async memberContext(memberId: number) {
      const [row] = await db
        .select({ ...memberContextColumns(members.id), currency: members.currency })
        .from(members)
        .where(eq(members.id, memberId))
        .limit(1);
      return row ?? null;
    },

    lastDeposits(memberId: number, limit: number) {
      return db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.type, 'DEPOSIT')))
        .orderBy(desc(ledgerTransactions.id))
        .limit(limit);
    },

    lastSlips(memberId: number, limit: number) {
      return db.select().from(slips).where(eq(slips.memberId, memberId)).orderBy(desc(slips.id)).limit(limit);
    },
  };
}
