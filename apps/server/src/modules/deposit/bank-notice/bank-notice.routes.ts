// The manual transfer notice (POST /api/wallet/add): member-only, idempotent.
import { ZDepositNoticeRequest } from '@krapao/contracts/deposit';
import { ZMessageResponse } from '@krapao/contracts/http';
import { walletPaths } from '@krapao/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { typed } from '../../../lib/fastify.ts';
import { memberOf } from '../../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../../plugins/idempotency.ts';
import { createBankNotices } from './bank-notice.service.ts';

export async function bankNoticeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const notices = createBankNotices(ctx);

  app.post(
    walletPaths.add,
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: { tags: ['wallet'], body: ZDepositNoticeRequest, response: { 200: ZMessageResponse } },
    },
    (req) => notices.notify(memberOf(req).memberId, req.body.amount),
  );
}
