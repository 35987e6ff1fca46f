// The console's chat inbox (permission chat.reply). OPERATOR_TOKEN's agent API stays for machine
// integrations; staff answer here, signed in, each reply and close audited with who did it.
import {
  chatOpsPaths,
  parseChatCursor,
  ZOpsCannedAnswers,
  ZOpsCannedAnswersChange,
  ZOpsChatClosed,
  ZOpsChatList,
  ZOpsChatListQuery,
  ZOpsChatMember,
  ZOpsChatMessages,
  ZOpsChatMessagesQuery,
  ZOpsChatParams,
  ZOpsChatReplied,
  ZOpsChatReply,
} from '@krapao/contracts/ops/chat';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createSettingsChange, createSettingsRepository } from '../lookup/index.ts';
import { staffActOf } from '../staff/index.ts';
import type { ChatService } from './chat.service.ts';
import { createChatOpsService } from './chat-ops.service.ts';

const tags = ['ops'];
const config = { permission: 'chat.reply' } as const;
const cursorOf = (before: string | undefined) => (before === undefined ? undefined : parseChatCursor(before));

export async function chatOpsRoutes(fastify: FastifyInstance, { ctx, chat }: { ctx: AppContext; chat: ChatService }) {
  const app = typed(fastify);
  const ops = createChatOpsService(ctx, chat);
  const params = ZOpsChatParams;
  const settings = createSettingsRepository(ctx.db);
  const change = createSettingsChange(ctx);
  const canned = async () => {
    const [answers, changes] = await Promise.all([
      settings.get('chatCannedAnswers'),
      change.lastChanges(['chatCannedAnswers']),
    ]);
    const last = changes.get('chatCannedAnswers');
    return {
      answers: answers ?? [],
      lastChange: last ? { at: last.at.toISOString(), staffName: last.staffName } : null,
    };
  };

  app.get(
    chatOpsPaths.list,
    { config, schema: { tags, querystring: ZOpsChatListQuery, response: { 200: ZOpsChatList } } },
    (req) => ops.list(req.query.limit, cursorOf(req.query.before)),
  );
  app.get(
    chatOpsPaths.messages,
    { config, schema: { tags, params, querystring: ZOpsChatMessagesQuery, response: { 200: ZOpsChatMessages } } },
    (req) => ops.messages(req.params.conversationId, req.query.limit, cursorOf(req.query.before)),
  );
  app.post(
    chatOpsPaths.reply,
    { config, schema: { tags, params, body: ZOpsChatReply, response: { 200: ZOpsChatReplied } } },
    (req) => ops.reply(req.params.conversationId, req.body.message, staffActOf(req)),
  );
  app.post(
    chatOpsPaths.close,
    { config, schema: { tags, params, body: z.strictObject({}), response: { 200: ZOpsChatClosed } } },
    (req) => ops.close(req.params.conversationId, staffActOf(req)),
  );
  app.get(chatOpsPaths.member, { config, schema: { tags, params, response: { 200: ZOpsChatMember } } }, (req) =>
    ops.member(req.params.conversationId),
  );
  app.get(chatOpsPaths.cannedAnswers, { config, schema: { tags, response: { 200: ZOpsCannedAnswers } } }, canned);
  app.post(
    chatOpsPaths.cannedAnswers,
    { config, schema: { tags, body: ZOpsCannedAnswersChange, response: { 200: ZOpsCannedAnswers } } },
    async (req) => {
      await change.set('chatCannedAnswers', req.body.answers, staffActOf(req));
      return canned();
    },
  );
}
