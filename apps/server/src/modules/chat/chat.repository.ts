// Chat SQL only: conversations, messages and uploads (docs/decisions/010).
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { members } from '../../db/schema/account.ts';
import { chatConversations, chatMessages, chatUploads } from '../../db/schema/chat.ts';

export type ChatOwner = { kind: 'member'; memberId: number } | { kind: 'guest'; guestId: string };
export type Conversation = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type UploadRow = typeof chatUploads.$inferSelect;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'conversationId' | 'sessionId'>;
export type Appended = { row: MessageRow; conversation: Conversation; isReplay: boolean; isNewSession: boolean };
/** More writes in the transaction that appends a message (a staff reply's audit entry). */
export type AlsoInTx = (tx: Tx, appended: Appended) => Promise<unknown>;

const ownerWhere = (owner: ChatOwner) =>
  owner.kind === 'member'
    ? eq(chatConversations.memberId, owner.memberId)
    : eq(chatConversations.guestId, owner.guestId);

export function createChatRepository(db: Db) {
  async function find(owner: ChatOwner, tx: Db | Tx = db): Promise<Conversation | null> {
    const [row] = await tx.select().from(chatConversations).where(ownerWhere(owner)).limit(1);
    return row ?? null;
  }

  /** The conversation, created on first use; locked for the rest of the transaction when `tx` is given. */
  async function ensure(owner: ChatOwner, tx: Db | Tx = db, lock = false): Promise<Conversation> {
    await tx
      .insert(chatConversations)
      .values({
        memberId: owner.kind === 'member' ? owner.memberId : null,
        guestId: owner.kind === 'guest' ? owner.guestId : null,
        sessionId: randomUUID(),
      })
      .onConflictDoNothing();
    const query = tx.select().from(chatConversations).where(ownerWhere(owner)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row!;
  }

  async function claimableUpload(tx: Tx, name: string, conversationId: number): Promise<UploadRow | null> {
    const [row] = await tx
      .select()
      .from(chatUploads)
      .where(and(eq(chatUploads.name, name), eq(chatUploads.conversationId, conversationId)))
      .for('update');
    return row ?? null;
  }

  return {
    find,
    ensure,

    /**
     * Appends in the conversation's current session (a closed one gives way to a new session id).
     * The conversation row is locked, so sends to one conversation are serialised and an
     * idempotency key is checked without a race. A message that uses an upload marks it used in
     * the same transaction; null when the upload is not (or no longer) this conversation's. `also`
     * writes in the same transaction.
     */
    async append(
      owner: ChatOwner,
      message: NewMessage,
      uploadName?: string,
      also?: AlsoInTx,
    ): Promise<Appended | null> {
      return db.transaction(async (tx) => {
        const conv = await ensure(owner, tx, true);
        if (message.idempotencyKey) {
          const [existing] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(eq(chatMessages.conversationId, conv.id), eq(chatMessages.idempotencyKey, message.idempotencyKey)),
            )
            .limit(1);
          if (existing) return { row: existing, conversation: conv, isReplay: true, isNewSession: false };
        }
        // Locked first: the unused-upload cleanup cannot delete it between this check and the mark.
        const upload = uploadName ? await claimableUpload(tx, uploadName, conv.id) : null;
        if (uploadName && !upload) return null;
        const isNewSession = conv.sessionClosed || conv.lastMessageAt === null;
        const sessionId = conv.sessionClosed ? randomUUID() : conv.sessionId;
        const [row] = await tx
          .insert(chatMessages)
          .values({ ...message, conversationId: conv.id, sessionId })
          .returning();
        if (upload && upload.messageId === null) {
          await tx.update(chatUploads).set({ messageId: row!.id }).where(eq(chatUploads.name, upload.name));
        }
        const [updated] = await tx
          .update(chatConversations)
          .set({ sessionId, sessionClosed: false, lastMessageAt: row!.createdAt })
          .where(eq(chatConversations.id, conv.id))
          .returning();
        const appended = { row: row!, conversation: updated!, isReplay: false, isNewSession };
        await also?.(tx, appended);
        return appended;
      });
    },

    /** One page counted back from the newest message, returned oldest first. */
    async page(conversationId: number, limit: number, skip: number) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit)
        .offset(skip);
      const [total] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId));
      return { rows: rows.reverse(), total: Number(total?.n ?? 0) };
    },

    /** Whether a person (staff or the agent API) answered the conversation after message `afterId`. */
    async personAnsweredAfter(tx: Db | Tx, conversationId: number, afterId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.sender, 'agent'),
            gt(chatMessages.id, afterId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async markRead(conversationId: number, who: 'customer' | 'agent', at: Date) {
      await db
        .update(chatConversations)
        .set(who === 'customer' ? { customerReadAt: at } : { agentReadAt: at })
        .where(eq(chatConversations.id, conversationId));
    },

    async closeSession(conversationId: number) {
      await db.update(chatConversations).set({ sessionClosed: true }).where(eq(chatConversations.id, conversationId));
    },

    async markHumanSession(conversationId: number, sessionId: string) {
      await db
        .update(chatConversations)
        .set({ humanSessionId: sessionId })
        .where(eq(chatConversations.id, conversationId));
    },

    /** Moves a guest's conversation to a member, once: afterwards the guest id has no conversation. */
    async mergeGuest(guestId: string, memberId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [guest] = await tx
          .select()
          .from(chatConversations)
          .where(eq(chatConversations.guestId, guestId))
          .for('update');
        if (!guest) return false;
        const target = await ensure({ kind: 'member', memberId }, tx, true);
        await tx
          .update(chatMessages)
          .set({ conversationId: target.id, memberId })
          .where(eq(chatMessages.conversationId, guest.id));
        await tx.update(chatUploads).set({ conversationId: target.id }).where(eq(chatUploads.conversationId, guest.id));
        await tx.delete(chatConversations).where(eq(chatConversations.id, guest.id));
        const last = [target.lastMessageAt, guest.lastMessageAt].filter((d): d is Date => d !== null);
        if (last.length > 0) {
          const newest = new Date(Math.max(...last.map((d) => d.getTime())));
          await tx.update(chatConversations).set({ lastMessageAt: newest }).where(eq(chatConversations.id, target.id));
        }
        return true;
      });
    },

    /** Conversations with messages, the latest first, each with its last message and unread count. */
    async listConversations(limit: number, skip: number) {
      // Spelled out: inside the subquery an unqualified column would bind to the messages table.
      const unread = sql<number>`(select count(*)::int from chat_messages m
        where m.conversation_id = chat_conversations.id and m.sender = 'customer'
        and (chat_conversations.agent_read_at is null or m.created_at > chat_conversations.agent_read_at))`;
      const rows = await db
        .select({ conversation: chatConversations, unread, name: members.name, username: members.username })
        .from(chatConversations)
        .leftJoin(members, eq(members.id, chatConversations.memberId))
        .where(sql`${chatConversations.lastMessageAt} is not null`)
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(limit)
        .offset(skip);
      const [total] = await db
        .select({ n: count() })
        .from(chatConversations)
        .where(sql`${chatConversations.lastMessageAt} is not null`);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async lastMessage(conversationId: number): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Records an upload; with `cap`, only while the guests' uploads from its address since `cap.since`
     * stay within `cap.maxBytes`. Uploads from one address are serialised by an advisory lock, so a
     * burst cannot all pass the check at once. Answers whether it was recorded.
     */
    async insertUpload(
      upload: typeof chatUploads.$inferInsert & { ip: string },
      cap?: { maxBytes: number; since: Date },
    ): Promise<boolean> {
      if (!cap) {
        await db.insert(chatUploads).values(upload);
        return true;
      }
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-upload-ip:${upload.ip}`}))`);
        const [stored] = await tx
          .select({ bytes: sql<number>`coalesce(sum(${chatUploads.size}), 0)::bigint` })
          .from(chatUploads)
          .innerJoin(chatConversations, eq(chatConversations.id, chatUploads.conversationId))
          .where(
            and(
              eq(chatUploads.ip, upload.ip),
              gt(chatUploads.createdAt, cap.since),
              isNotNull(chatConversations.guestId),
            ),
          );
        if (Number(stored?.bytes ?? 0) + upload.size > cap.maxBytes) return false;
        await tx.insert(chatUploads).values(upload);
        return true;
      });
    },

    async deleteUpload(name: string) {
      await db.delete(chatUploads).where(eq(chatUploads.name, name));
    },

    /** Deletes up to `limit` uploads no message uses that arrived before `before`; answers their names. */
    async deleteUnusedUploads(before: Date, limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        delete from chat_uploads where name in (
          select name from chat_uploads where message_id is null and created_at < ${before.toISOString()}::timestamptz
          order by created_at limit ${limit} for update skip locked)
        returning name`);
      return rowsOf<{ name: string }>(result).map((r) => r.name);
    },

    async upload(name: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(chatUploads).where(eq(chatUploads.name, name)).limit(1);
      return row ?? null;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
