// Game accounts, auto-login, the console's games page, and the demo provider's site when it is the provider.
import { AUTO_LOGIN_GAMES } from '@krapao/contracts/games';
import {
  walletPaths,
  ZActivateResponse,
  ZAutoLoginResponse,
  ZGameAccount,
  ZSlotCodeParams,
} from '@krapao/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { demoProviderRoutes } from '../../adapters/games/demo-provider/demo-provider.routes.ts';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
import { createGamesService } from './games.service.ts';
import { gamesOpsRoutes } from './games-ops.routes.ts';

const ZCredential = z.string().trim().min(1).max(64);
const ZUserParams = z.strictObject({ username: ZCredential });
const ZUserPasswordParams = z.strictObject({ username: ZCredential, password: ZCredential });

export async function gamesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const svc = createGamesService(ctx, fastify.log);
  const onRequest = [app.authenticate];

  app.get(
    walletPaths.activate,
    { onRequest, schema: { tags: ['wallet'], params: ZSlotCodeParams, response: { 200: ZActivateResponse } } },
    (req) => svc.activate(memberOf(req).memberId, req.params.slotCode),
  );
  app.get(
    walletPaths.account,
    { onRequest, schema: { tags: ['wallet'], params: ZSlotCodeParams, response: { 200: ZGameAccount } } },
    (req) => svc.account(memberOf(req).memberId, req.params.slotCode),
  );
  app.get(
    walletPaths.resetPassword,
    { onRequest, schema: { tags: ['wallet'], params: ZSlotCodeParams, response: { 200: ZGameAccount } } },
    (req) => svc.resetPassword(memberOf(req).memberId, req.params.slotCode),
  );

  for (const game of Object.values(AUTO_LOGIN_GAMES)) {
    const schema = { tags: ['autoLogin'], response: { 200: ZAutoLoginResponse } };
    if (game.withPassword) {
      app.get(
        `/api/autoLogin/${game.path}/:username/:password`,
        { onRequest, schema: { ...schema, params: ZUserPasswordParams } },
        (req) => svc.autoLogin(memberOf(req).memberId, game.path, req.params.username, req.params.password),
      );
    } else {
      app.get(
        `/api/autoLogin/${game.path}/:username`,
        { onRequest, schema: { ...schema, params: ZUserParams } },
        (req) => svc.autoLogin(memberOf(req).memberId, game.path, req.params.username),
      );
    }
  }

  await fastify.register(gamesOpsRoutes, { ctx });

  const sandbox = ctx.gameProviders.sandbox;
  if (sandbox) await fastify.register(demoProviderRoutes, { prefix: '/demo-provider', ctx, sandbox });
  fastify.addHook('onClose', () => ctx.gameProviders.close());
}
