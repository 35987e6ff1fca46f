// The customer's chat calls, and the uploaded files behind them.
import {
  chatPaths,
  ZChatConfigResponse,
  ZChatFileParams,
  ZHistoryRequest,
  ZHistoryResponse,
  ZReadCustomerRequest,
  ZReadCustomerResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
} from '@krapao/contracts/chat';
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';
import { createChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import { isOperator, resolveHeaderOwner, resolveOwner } from './chat-identity.ts';
import { chatFileKey } from './chat-upload.ts';

/** Optional; when sent it must look like a key, and a replay answers the first result. */
function idempotencyKey(request: FastifyRequest): string | null {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !/^[\w:.-]{8,128}$/.test(key))
    throw new AppError('KEY_INVALID', { fields: ['idempotency-key'] });
  return key;
}

export async function chatRoutes(fastify: FastifyInstance, { ctx, chat }: { ctx: AppContext; chat: ChatService }) {
  const app = typed(fastify);
  const repo = createChatRepository(ctx.db);
  const tags = ['chat'];

  app.get(chatPaths.config, { schema: { tags, response: { 200: ZChatConfigResponse } } }, () => chat.config());

  app.post(
    chatPaths.sendMessage,
    { schema: { tags, body: ZSendMessageRequest, response: { 200: ZSendMessageResponse } } },
    async (req) => chat.send(await resolveOwner(app, req, req.body), req.body, idempotencyKey(req), req.ip),
  );

  app.post(
    chatPaths.history,
    { schema: { tags, body: ZHistoryRequest, response: { 200: ZHistoryResponse } } },
    async (req) => chat.history(await resolveOwner(app, req, req.body), req.body.limit, req.body.skip),
  );

  app.put(
    chatPaths.readCustomer,
    { schema: { tags, body: ZReadCustomerRequest, response: { 200: ZReadCustomerResponse } } },
    async (req) => chat.read(await resolveOwner(app, req, req.body)),
  );

  // Only the conversation's member (token), guest (guest id header) or the operator may read a file.
  // Anyone else learns nothing, not even that it exists.
  app.get(
    `${chatPaths.files}/:name`,
    { schema: { tags, params: ZChatFileParams, response: { 200: z.unknown() } } },
    async (req, reply) => {
      const upload = await repo.upload(req.params.name);
      if (!isOperator(req, ctx.config)) {
        const owner = await resolveHeaderOwner(app, req);
        const conversation = await repo.find(owner);
        if (!upload || !conversation || conversation.id !== upload.conversationId) throw new AppError('NO_DATA');
      }
      const file = upload ? await ctx.files.get(chatFileKey(upload.name)) : null;
      if (!upload || !file) throw new AppError('NO_DATA');
      return reply
        .type(upload.mime)
        .header('content-length', file.bytes.length)
        .header('content-disposition', `inline; filename="${upload.name}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.bytes);
    },
  );
}
