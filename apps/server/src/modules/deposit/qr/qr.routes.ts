// QR deposits: GET / POST /api/qrcode/:bankCode, DELETE /api/qrcode/:qrcodeId, and the
// gateways' webhook. The sandbox gateway is wired to that webhook route here, through app.inject,
// so its notifications pass the same signature check a real gateway's would.
import { depositPaths, ZQrCreateRequest, ZQrGatewayParams, ZQrIdParams, ZQrState } from '@krapao/contracts/deposit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { typed } from '../../../lib/fastify.ts';
import { memberOf } from '../../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../../plugins/idempotency.ts';
import { createQrService } from './qr.service.ts';
import { qrWebhookRoutes } from './qr-webhook.routes.ts';

/** The gateway's webhook URL for a gateway code. */
export const gatewayWebhookPath = (bankCode: string) =>
  depositPaths.gatewayWebhook.replace(':bankCode', encodeURIComponent(bankCode));

export async function qrRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const qr = createQrService(ctx);
  const tags = ['deposit'];
  const member = { onRequest: [app.authenticate] };

  app.get(
    depositPaths.qrcode,
    { ...member, schema: { tags, params: ZQrGatewayParams, response: { 200: ZQrState } } },
    (req) => qr.state(memberOf(req).memberId, req.params.bankCode),
  );

  app.post(
    depositPaths.qrcode,
    {
      ...member,
      config: { idempotent: true },
      schema: { tags, params: ZQrGatewayParams, body: ZQrCreateRequest, response: { 200: ZQrState } },
    },
    (req) => qr.create(memberOf(req).memberId, req.params.bankCode, req.body.amount),
  );

  app.delete(
    depositPaths.qrcodeById,
    {
      ...member,
      config: { idempotent: true },
      schema: { tags, params: ZQrIdParams, response: { 200: ZQrState } },
    },
    (req) => qr.cancel(memberOf(req).memberId, req.params.qrcodeId),
  );

  await fastify.register(qrWebhookRoutes, { ctx });

  ctx.payments.gateway.sandbox?.connect(async (bankCode, headers, rawBody) => {
    const res = await fastify.inject({ method: 'POST', url: gatewayWebhookPath(bankCode), headers, payload: rawBody });
    return { statusCode: res.statusCode };
  });
  fastify.addHook('onClose', () => ctx.payments.gateway.close());
}
