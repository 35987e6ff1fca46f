// The agent API (docs/product.md §9): the operator console lists conversations, reads them, replies and closes
// sessions, with `Authorization: Bearer <OPERATOR_TOKEN>`.
import {
  chatPaths,
  ZAgentCloseResponse,
  ZAgentConversationsQuery,
  ZAgentConversationsResponse,
  ZAgentHistoryRequest,
  ZAgentReplyRequest,
  ZAgentTarget,
  ZHistoryResponse,
  ZSendMessageResponse,
} from '@krapao/contracts/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';
import type { ChatService } from './chat.service.ts';
import { isOperator } from './chat-identity.ts';

export async function chatAgentRoutes(fastify: FastifyInstance, { ctx, chat }: { ctx: AppContext; chat: ChatService }) {
  const app = typed(fastify);
  const tags = ['chat-agent'];
  app.addHook('onRequest', async (request) => {
    if (!isOperator(request, ctx.config)) throw new AppError('UNAUTHORIZED');
  });

  app.get(
    chatPaths.agentConversations,
    { schema: { tags, querystring: ZAgentConversationsQuery, response: { 200: ZAgentConversationsResponse } } },
    (req) => chat.listConversations(req.query.limit, req.query.skip),
  );

  app.post(
    chatPaths.agentHistory,
    { schema: { tags, body: ZAgentHistoryRequest, response: { 200: ZHistoryResponse } } },
    (req) => chat.agentHistory(req.body, req.body.limit, req.body.skip),
  );

  app.post(
    chatPaths.agentReply,
    { schema: { tags, body: ZAgentReplyRequest, response: { 200: ZSendMessageResponse } } },
    (req) => chat.agentReply(req.body, req.body.message, req.body.name),
  );

  app.post(
    chatPaths.agentClose,
    { schema: { tags, body: ZAgentTarget, response: { 200: ZAgentCloseResponse } } },
    (req) => chat.closeSession(req.body),
  );
}
