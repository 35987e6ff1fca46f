// POST /api/wallet/withdrawAll and /api/wallet/withdraw: the same call; the modal uses the
// first, after GET /api/wallet/withdraw/review (decision 055) told whether it is paid at once.
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import { withdrawPaths, ZWithdrawRequest, ZWithdrawResponse, ZWithdrawReview } from '@krapao/contracts/withdraw';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createWithdrawService } from './withdraw.service.ts';
import { withdrawOpsRoutes } from './withdraw-ops.routes.ts';

function keyOf(request: FastifyRequest): string | null {
  const key = request.headers[IDEMPOTENCY_HEADER];
  return typeof key === 'string' ? key : null;
}

export async function withdrawRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const withdrawals = createWithdrawService(ctx);
  const route = {
    onRequest: [app.authenticate],
    config: { idempotent: true, keyInLedger: true },
    schema: { tags: ['withdraw'], body: ZWithdrawRequest, response: { 200: ZWithdrawResponse } },
  };

  for (const path of [withdrawPaths.withdrawAll, withdrawPaths.withdraw]) {
    app.post(path, route, (req) => withdrawals.withdraw(memberOf(req).memberId, req.body.amount, keyOf(req)));
  }
  app.get(
    withdrawPaths.review,
    { onRequest: [app.authenticate], schema: { tags: ['withdraw'], response: { 200: ZWithdrawReview } } },
    (req) => withdrawals.review(memberOf(req).memberId),
  );
  // The operator console's withdrawals queue (decision 063).
  await fastify.register(withdrawOpsRoutes, { ctx });
}
