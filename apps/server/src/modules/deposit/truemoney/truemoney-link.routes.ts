// POST /api/wallet/truelink: a member's TrueMoney gift link, encrypted by the SPA (decision 041).
import { ZTruelinkRequest, ZTruelinkResponse } from '@krapao/contracts/deposit';
import { walletPaths } from '@krapao/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { isSandboxTruemoney } from '../../../adapters/truemoney/sandbox-truemoney.ts';
import type { AppContext } from '../../../context.ts';
import { typed } from '../../../lib/fastify.ts';
import { memberOf } from '../../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../../plugins/idempotency.ts';
import { createTruemoneyLinkService } from './truemoney-link.service.ts';

export async function truemoneyLinkRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const truemoneyLink = createTruemoneyLinkService(ctx);
  const truemoney = ctx.payments.truemoney;
  // A sandbox call still on its way (a 'slow' fault) finishes before the database closes.
  if (isSandboxTruemoney(truemoney)) fastify.addHook('onClose', () => truemoney.drain());

  app.post(
    walletPaths.truelink,
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: { tags: ['wallet'], body: ZTruelinkRequest, response: { 200: ZTruelinkResponse } },
    },
    (req) => truemoneyLink.submit(memberOf(req).memberId, req.body.link),
  );
}
