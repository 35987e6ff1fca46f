// The console's chat inbox (permission chat.reply): the conversations and one conversation's messages,
// a page at a time by cursor (reading the newest page sets the inbox's read mark, shared by every staff
// member), a staff member's reply and the close of a session, each change audited in its transaction,
// and the member beside the conversation. Replies reach the member on the chat's own delivery path
// (ChatService.staffReply); the console hears every stored message, and every read mark that cleared
// an unread count, on its live queue `chat`.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import {
  chatCursorOf,
  type OpsChatCursor,
  type TOpsChatList,
  type TOpsChatMember,
  type TOpsChatMessages,
  type TOpsChatReply,
} from '@krapao/contracts/ops/chat';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMemberRepository, memberContextOf } from '../account/index.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { createLedger } from '../ledger/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { type ChatOwner, type Conversation, createChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import { toConversationView, toWireMessage } from './chat-message.ts';
import { createChatOpsRepository } from './chat-ops.repository.ts';

const SIDE_ROWS = 5;

const ownerOf = (c: Conversation): ChatOwner =>
  c.memberId === null ? { kind: 'guest', guestId: c.guestId! } : { kind: 'member', memberId: c.memberId };

/** A page of `limit` from `limit` + 1 rows, and the cursor of the next page when the extra row came. */
function paged<T>(rows: T[], limit: number, positionOf: (row: T) => { at: Date; id: number }) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? positionOf(last) : null;
  return { page, nextCursor: next ? chatCursorOf(next.at, next.id) : null };
}

export function createChatOpsService(ctx: AppContext, chat: ChatService) {
  const repo = createChatRepository(ctx.db);
  const opsRepo = createChatOpsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const ledger = createLedger(ctx);

  async function conversation(id: number): Promise<Conversation> {
    const c = await opsRepo.byId(id);
    if (!c) throw new AppError('NO_DATA');
    return c;
  }

  async function view(c: Conversation, unread: number) {
    const member = c.memberId === null ? null : await members.byId(c.memberId);
    return toConversationView(c, await repo.lastMessage(c.id), {
      unread,
      name: member?.name ?? null,
      username: member?.username ?? null,
    });
  }

  return {
    async list(limit: number, before?: OpsChatCursor): Promise<TOpsChatList> {
      const { rows, total } = await opsRepo.conversations(limit, before);
      const { page, nextCursor } = paged(rows, limit, (r) => ({
        at: r.conversation.lastMessageAt!,
        id: r.conversation.id,
      }));
      const items = await Promise.all(
        page.map(async ({ conversation: c, unread, name, username }) =>
          toConversationView(c, await repo.lastMessage(c.id), { unread: Number(unread), name, username }),
        ),
      );
      return { items, total, nextCursor };
    },

    /** One page of messages, oldest first; the newest page sets the shared read mark. */
    async messages(id: number, limit: number, before?: OpsChatCursor): Promise<TOpsChatMessages> {
      const c = await conversation(id);
      if (!before && (await opsRepo.markReadIfUnread(c.id, ctx.now()))) {
        // Every staff member's inbox shows the count drop.
        publishOpsQueue(ctx, { queue: 'chat', id: String(c.id), change: 'updated' });
      }
      const { rows, total } = await opsRepo.messages(c.id, limit, before);
      const { page, nextCursor } = paged(rows, limit, (r) => ({ at: r.message.createdAt, id: r.message.id }));
      return {
        conversation: await view(c, 0),
        messages: page.reverse().map(({ message, staffName }) => ({
          ...toWireMessage(message),
          staffId: message.staffId,
          staffName: message.staffId === null ? null : staffName,
        })),
        total,
        nextCursor,
      };
    },

    async reply(id: number, body: TOpsChatReply['message'], act: StaffAct) {
      const c = await conversation(id);
      const appended = await chat.staffReply(ownerOf(c), body as Parameters<ChatService['staffReply']>[1], {
        staffId: act.staffId,
        also: (tx, a) =>
          appendAudit(tx, {
            actor: 'staff',
            staffId: act.staffId,
            action: 'chat.reply',
            objectType: 'conversation',
            objectId: c.id,
            memberId: c.memberId,
            reason: act.reason,
            after: { messageId: a.row.id, sessionId: a.row.sessionId, messageType: a.row.messageType },
            requestId: act.requestId,
            at: ctx.now(),
          }),
      });
      return {
        id: String(appended.row.id),
        createdAt: appended.row.createdAt.toISOString(),
        sessionId: appended.row.sessionId,
      };
    },

    /** Ends the session: the next message, from anyone, opens a new one. */
    async close(id: number, act: StaffAct) {
      const sessionId = await ctx.db.transaction(async (tx) => {
        const c = await opsRepo.byId(id, tx, true);
        if (!c) throw new AppError('NO_DATA');
        if (c.sessionClosed) throw new AppError('OPS_ALREADY_DECIDED', { status: 'closed' });
        await opsRepo.closeSession(tx, c.id);
        await appendAudit(tx, {
          actor: 'staff',
          staffId: act.staffId,
          action: 'chat.close',
          objectType: 'conversation',
          objectId: c.id,
          memberId: c.memberId,
          reason: act.reason,
          before: { sessionId: c.sessionId, sessionClosed: false },
          after: { sessionId: c.sessionId, sessionClosed: true },
          requestId: act.requestId,
          at: ctx.now(),
        });
        return c.sessionId;
      });
      publishOpsQueue(ctx, { queue: 'chat', id: String(id), change: 'updated' });
      return { sessionId };
    },

    async member(id: number): Promise<TOpsChatMember> {
      const c = await conversation(id);
      const row = c.memberId === null ? null : await opsRepo.memberContext(c.memberId);
      if (c.memberId === null || !row) throw new AppError('NO_DATA');
      const currency = row.currency as Currency;
      const money = (minor: bigint) => fromMinor(minor, currency);
      const [accounts, deposits, slips] = await Promise.all([
        ledger.memberAccounts(c.memberId),
        opsRepo.lastDeposits(c.memberId, SIDE_ROWS),
        opsRepo.lastSlips(c.memberId, SIDE_ROWS),
      ]);
      const at = (d: Date) => d.toISOString();
      return {
        memberId: c.memberId,
        currency,
        wallet: money(accounts.find((a) => a.code === 'WALLET')?.balance ?? 0n),
        context: memberContextOf(row, currency),
        deposits: deposits.map((t) => ({
          id: t.id,
          amount: money(t.amount),
          status: t.status,
          createdAt: at(t.createdAt),
        })),
        slips: slips.map((s) => ({ id: s.id, amount: money(s.amount), status: s.status, createdAt: at(s.createdAt) })),
      };
    },
  };
}
