import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import {
  walletPaths,
  ZRefreshSlotResponse,
  ZTransferAllRequest,
  ZTransferRequest,
  ZTransferResponse,
  ZWalletResponse,
} from '@krapao/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';
import { bearerToken, memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createTransferService } from './transfer.service.ts';
import { createTransferClaim } from './transfer-claim.ts';
import { transferOpsRoutes } from './transfer-ops.routes.ts';
import {
  closeWalletViewCacheOf,
  createWalletService,
  type WalletConditions,
  walletViewCacheOf,
} from './wallet.service.ts';

function keyOf(request: FastifyRequest): string | null {
  const key = request.headers[IDEMPOTENCY_HEADER];
  return typeof key === 'string' ? key : null;
}

export async function walletRoutes(
  fastify: FastifyInstance,
  { ctx, conditions }: { ctx: AppContext; conditions: WalletConditions },
) {
  const app = typed(fastify);
  const wallet = createWalletService(ctx, conditions);
  const transfers = createTransferService(ctx);
  const tags = ['wallet'];
  const views = walletViewCacheOf(ctx);
  views.useLog(fastify.log);
  fastify.addHook('onReady', async () => views.start());
  fastify.addHook('onClose', () => closeWalletViewCacheOf(ctx));
  const member = { onRequest: [app.authenticate] };
  // Transfers leave the session check to the idempotency plugin, which makes it in the claim's own
  // statement when this instance does not know the token; a call without a token is refused at once.
  const transferCall = {
    onRequest: async (req: FastifyRequest) => {
      if (!bearerToken(req)) throw new AppError('invalid-token');
    },
    config: { idempotent: true, keyInLedger: true, claimWithSession: createTransferClaim(ctx.db) },
    attachValidation: true,
  };

  // The wallet verifies its own bearer token: when this instance has not seen the token lately, the
  // session check and the view are one statement (wallet_by_token), so the call is one round trip.
  app.get(walletPaths.wallet, { schema: { tags, response: { 200: ZWalletResponse } } }, async (req) => {
    const token = bearerToken(req);
    const found =
      token &&
      (await app.sessions.verifyWith(
        token,
        (session) => wallet.wallet(session.memberId),
        (tokenHash, now) => wallet.walletByToken(tokenHash, now),
      ));
    if (!found) throw new AppError('invalid-token');
    req.session = found.session;
    return found.value;
  });

  app.get(walletPaths.refreshSlot, { ...member, schema: { tags, response: { 200: ZRefreshSlotResponse } } }, (req) =>
    wallet.refreshSlots(memberOf(req).memberId),
  );

  app.post(
    walletPaths.transfer,
    {
      ...transferCall,
      schema: { tags, body: ZTransferRequest, response: { 200: ZTransferResponse } },
    },
    (req) => transfers.transfer(memberOf(req).memberId, req.body.from, req.body.to, req.body.amount, keyOf(req)),
  );

  app.post(
    walletPaths.transferAll,
    {
      ...transferCall,
      schema: { tags, body: ZTransferAllRequest, response: { 200: ZTransferResponse } },
    },
    (req) => transfers.transferAll(memberOf(req).memberId, req.body.to, keyOf(req)),
  );

  // The console's stuck-transfers queue.
  await fastify.register(transferOpsRoutes, { ctx });
}
