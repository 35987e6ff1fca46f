// The chat's rules (docs/product.md §5): history pages, sending, read marks, the guest-to-member merge,
// and the agent API. Every stored message is published to its room at once. Guests pick their own
// ids, so their sends are also limited per source address.
import type {
  TAgentMessageBody,
  TChatMessageBody,
  TSendMessageResponse,
  ZSendMessageRequest,
} from '@krapao/contracts/chat';
import type { Locale } from '@krapao/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ChatAgent } from '../../adapters/chat-agent/chat-agent.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMemberRepository } from '../account/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { type AgentWork, createAgentRunner } from './agent-runner.ts';
import {
  type AlsoInTx,
  type Appended,
  type ChatOwner,
  createChatRepository,
  type NewMessage,
} from './chat.repository.ts';
import { createGuestProofs } from './chat-guest-proof.ts';
import { ownerId, type ResolvedOwner } from './chat-identity.ts';
import { toConversationView, toWireMessage } from './chat-message.ts';
import type { ChatHub } from './chat-realtime.ts';

type SendBody = z.output<typeof ZSendMessageRequest>;
/** A staff member answering from the console, and what to write with the message (the audit entry). */
export type StaffReply = { staffId: number; also: AlsoInTx };
const BOT_NAME = 'Krapao';

/** A bot answer refused inside its transaction: a person answered the customer first. */
class PersonAnswered extends Error {}

const uploadNameOf = (filePath: string) => filePath.split('/').pop() ?? '';

const sent = (a: Appended): TSendMessageResponse => ({
  _id: String(a.row.id),
  createdAt: a.row.createdAt.toISOString(),
  session_id: a.row.sessionId,
});

export function createChatService(
  ctx: AppContext,
  deps: { hub: ChatHub; agent: ChatAgent | null; log: FastifyBaseLogger },
) {
  const repo = createChatRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const defaultLocale: Locale = ctx.config.LAOS ? 'la' : 'th';
  const proofs = createGuestProofs(ctx.config.APP_SECRET, ctx.now);
  /** A guest's answers carry a fresh proof; a member's carry none. */
  const proofFor = (owner: ChatOwner) => (owner.kind === 'guest' ? { guestProof: proofs.issue(owner.guestId) } : {});

  /** Who wrote it: the conversation owner's ids on every message, a member's name from the books. */
  async function authorOf(owner: ChatOwner) {
    if (owner.kind === 'guest') return { memberId: null, guestId: owner.guestId, username: null, name: null };
    const member = await members.byId(owner.memberId);
    if (!member) throw new AppError('invalid-token');
    return { memberId: member.id, guestId: null, username: member.username, name: member.name };
  }

  async function store(owner: ChatOwner, message: NewMessage, uploadName?: string, also?: AlsoInTx) {
    const appended = await repo.append(owner, message, uploadName, also);
    if (!appended) throw new AppError('KEY_INVALID', { fields: ['message.payload.filePath'] });
    if (!appended.isReplay) {
      deps.hub.publish(ownerId(owner), toWireMessage(appended.row));
      publishOpsQueue(ctx, { queue: 'chat', id: String(appended.conversation.id), change: 'updated' });
    }
    return appended;
  }

  /** A person's answer: delivered at once, read up to now, and the sandbox agent keeps quiet this session. */
  async function personReply(owner: ChatOwner, body: TAgentMessageBody, name: string | null, staff?: StaffReply) {
    const author = await authorOf(owner);
    const appended = await store(
      owner,
      {
        ...author,
        sender: 'agent',
        // Without a name the SPA shows 'support' in the reader's language.
        name,
        username: null,
        messageType: body.message_type,
        payload: body.payload,
        // A console reply names its staff member; the wire shape never carries it.
        staffId: staff?.staffId ?? null,
        createdAt: ctx.now(),
      },
      undefined,
      staff?.also,
    );
    runner.cancel(ownerId(owner));
    await repo.markHumanSession(appended.conversation.id, appended.row.sessionId);
    await repo.markRead(appended.conversation.id, 'agent', ctx.now());
    return appended;
  }

  const runner = createAgentRunner({
    agent: deps.agent,
    delayMs: ctx.config.CHAT_AGENT_DELAY_MS,
    log: deps.log,
    async deliver(work: AgentWork, body: TAgentMessageBody) {
      const author = await authorOf(work.owner);
      // Checked under the conversation's lock: a person's answer on any instance is seen or waits.
      const unlessAnswered: AlsoInTx = async (tx, a) => {
        if (await repo.personAnsweredAfter(tx, a.conversation.id, work.appended.row.id)) throw new PersonAnswered();
      };
      try {
        await store(
          work.owner,
          {
            ...author,
            sender: 'bot',
            name: BOT_NAME,
            username: null,
            messageType: body.message_type,
            payload: body.payload,
            createdAt: ctx.now(),
          },
          undefined,
          unlessAnswered,
        );
        return true;
      } catch (err) {
        if (err instanceof PersonAnswered) return false;
        throw err;
      }
    },
  });

  /**
   * Only a guest conversation this browser session chatted in (its proof) joins the member's: a guest
   * id left in local storage on a shared device is not enough.
   */
  async function merge({ owner, formerGuestId, formerGuestProof }: ResolvedOwner) {
    if (owner.kind !== 'member' || !formerGuestId) return;
    if (proofs.isValid(formerGuestId, formerGuestProof)) await repo.mergeGuest(formerGuestId, owner.memberId);
  }

  async function checkSendLimits(owner: ChatOwner, ip: string) {
    const max = ctx.config.CHAT_SEND_MAX_PER_MINUTE;
    if (max > 0 && (await ctx.limiter.hit(`chat-send:${ownerId(owner)}`, 1)) > max) {
      throw new AppError('REQUEST_LIMIT_1MIN');
    }
    // Members are limited per account only: many share one carrier-NAT address.
    const ipMax = ctx.config.CHAT_SEND_IP_MAX_PER_MINUTE;
    if (owner.kind === 'guest' && ipMax > 0 && (await ctx.limiter.hit(`chat-send-ip:${ip}`, 1)) > ipMax) {
      throw new AppError('REQUEST_LIMIT_1MIN');
    }
  }

  /** A customer's message body as stored: an upload must be this conversation's and of its kind. */
  async function customerBody(owner: ChatOwner, message: SendBody['message']): Promise<TChatMessageBody> {
    if (message.message_type !== 'media') return message;
    const name = uploadNameOf(message.payload.filePath);
    const [upload, conversation] = await Promise.all([repo.upload(name), repo.find(owner)]);
    if (
      !upload ||
      !conversation ||
      upload.conversationId !== conversation.id ||
      upload.kind !== message.payload.fileType
    ) {
      throw new AppError('KEY_INVALID', { fields: ['message.payload.filePath'] });
    }
    const { filePath, fileType } = message.payload;
    return { message_type: 'media', payload: { message: message.payload.message, url: filePath, fileType, filePath } };
  }

  async function page(owner: ChatOwner, limit: number, skip: number) {
    const conversation = await repo.find(owner);
    if (!conversation) return { conversation, messages: [], total: 0 };
    const { rows, total } = await repo.page(conversation.id, limit, skip);
    return { conversation, messages: rows.map(toWireMessage), total };
  }

  /** The operator names a conversation by user id or guest id; it must exist. */
  async function agentTarget(target: { userId?: string | null; guestId?: string | null }) {
    let owner: ChatOwner;
    if (target.userId) {
      if (!/^\d{1,15}$/.test(target.userId)) throw new AppError('KEY_INVALID', { fields: ['userId'] });
      owner = { kind: 'member', memberId: Number(target.userId) };
    } else if (target.guestId) {
      owner = { kind: 'guest', guestId: target.guestId };
    } else {
      throw new AppError('KEY_MISSING', { fields: ['userId', 'guestId'] });
    }
    const conversation = await repo.find(owner);
    if (!conversation) throw new AppError('NO_DATA');
    return { owner, conversation };
  }

  return {
    config: () => ({ PREFIX: ctx.config.CHAT_PREFIX }),

    async history(who: ResolvedOwner, limit: number, skip: number) {
      await merge(who);
      const { messages, total } = await page(who.owner, limit, skip);
      return { messages, total, ...proofFor(who.owner) };
    },

    async send(
      who: ResolvedOwner,
      body: SendBody,
      idempotencyKey: string | null,
      ip: string,
    ): Promise<TSendMessageResponse> {
      const { owner } = who;
      await checkSendLimits(owner, ip);
      await merge(who);
      const author = await authorOf(owner);
      const message = await customerBody(owner, body.message);
      const uploadName = message.message_type === 'media' ? uploadNameOf(message.payload.filePath) : undefined;
      const appended = await store(
        owner,
        {
          ...author,
          name: owner.kind === 'guest' ? (body.name ?? null) : author.name,
          sender: 'customer',
          messageType: message.message_type,
          payload: message.payload,
          deviceToken: body.deviceToken ?? null,
          idempotencyKey,
          createdAt: ctx.now(),
        },
        uploadName,
      );
      if (!appended.isReplay) {
        runner.schedule(
          {
            owner,
            appended,
            turn: {
              message,
              isNewSession: appended.isNewSession,
              locale: body.locale ?? defaultLocale,
              customer: owner.kind === 'member' ? { kind: 'member', name: author.name ?? '' } : { kind: 'guest' },
            },
          },
          ownerId(owner),
        );
      }
      return { ...sent(appended), ...proofFor(owner) };
    },

    async read(who: ResolvedOwner) {
      await merge(who);
      const conversation = await repo.find(who.owner);
      if (conversation) await repo.markRead(conversation.id, 'customer', ctx.now());
      return { message: 'OK' as const };
    },

    async listConversations(limit: number, skip: number) {
      const { rows, total } = await repo.listConversations(limit, skip);
      const conversations = await Promise.all(
        rows.map(async ({ conversation: c, unread, name, username }) =>
          toConversationView(c, await repo.lastMessage(c.id), { unread: Number(unread), name, username }),
        ),
      );
      return { conversations, total };
    },

    async agentHistory(target: { userId?: string | null; guestId?: string | null }, limit: number, skip: number) {
      const { owner, conversation } = await agentTarget(target);
      await repo.markRead(conversation.id, 'agent', ctx.now());
      const { messages, total } = await page(owner, limit, skip);
      return { messages, total };
    },

    /** A person answers: delivered to the room at once, and the sandbox agent keeps quiet this session. */
    async agentReply(
      target: { userId?: string | null; guestId?: string | null },
      body: TAgentMessageBody,
      name?: string,
    ) {
      const { owner } = await agentTarget(target);
      return sent(await personReply(owner, body, name ?? null));
    },

    /** A staff member answers from the console, on the same delivery path as the agent API. */
    staffReply: (owner: ChatOwner, body: TAgentMessageBody, staff: StaffReply) => personReply(owner, body, null, staff),

    /** Ends the session: the next message, from anyone, opens a new session_id. */
    async closeSession(target: { userId?: string | null; guestId?: string | null }) {
      const { conversation } = await agentTarget(target);
      await repo.closeSession(conversation.id);
      return { message: 'OK' as const, session_id: conversation.sessionId };
    },

    idle: () => runner.idle(),
    close: () => runner.close(),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
