// POST /api/refund, GET /api/refund/check, /receive, /addWallet, /banners.
import { ZBannersResponse } from '@krapao/contracts/bonus';
import {
  refundPaths,
  ZRefundActionResponse,
  ZRefundCheck,
  ZRefundListRequest,
  ZRefundListResponse,
} from '@krapao/contracts/refund';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createRefundService } from './refund.service.ts';
import { refundOpsRoutes } from './refund-ops.routes.ts';

export async function refundRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const refunds = createRefundService(ctx);
  await fastify.register(refundOpsRoutes, { ctx });
  const tags = ['refund'];

  app.post(
    refundPaths.list,
    {
      onRequest: [app.authenticate],
      schema: { tags, body: ZRefundListRequest, response: { 200: ZRefundListResponse } },
    },
    (req) => refunds.list(memberOf(req).memberId, req.body.page, req.body.limit),
  );
  app.get(
    refundPaths.check,
    { onRequest: [app.authenticate], schema: { tags, response: { 200: ZRefundCheck } } },
    (req) => refunds.check(memberOf(req).memberId),
  );
  // GETs that move money (the wire fixes their method): replayable under an Idempotency-Key like every money call.
  const money = {
    onRequest: [app.authenticate],
    config: { idempotent: true },
    schema: { tags, response: { 200: ZRefundActionResponse } },
  };
  app.get(refundPaths.receive, money, (req) => refunds.receive(memberOf(req).memberId));
  app.get(refundPaths.addWallet, money, (req) => refunds.addWallet(memberOf(req).memberId));
  app.get(
    refundPaths.banners,
    { onRequest: [app.authenticate], schema: { tags, response: { 200: ZBannersResponse } } },
    (req) => refunds.banners(memberOf(req).memberId),
  );
}
