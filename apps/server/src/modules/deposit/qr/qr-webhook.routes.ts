// POST /api/payments/webhook/:bankCode — server to server, no member session. Its own encapsulated
// JSON parser keeps the raw body as text: the signature is over those exact bytes.
import { depositPaths, ZQrGatewayParams } from '@krapao/contracts/deposit';
import { ZMessageResponse } from '@krapao/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { typed } from '../../../lib/fastify.ts';
import { createQrWebhook } from './qr-webhook.ts';

/** A webhook body is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

export async function qrWebhookRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const webhook = createQrWebhook(ctx);
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    depositPaths.gatewayWebhook,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { tags: ['payments'], params: ZQrGatewayParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      await webhook.receive(req.params.bankCode, req.headers, rawBody, req.log);
      return { message: 'OK' };
    },
  );
}
