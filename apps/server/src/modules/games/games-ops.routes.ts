// The console's games page (permission settings.manage): the catalogue, and one call that changes a game.
import { gamesPaths, ZOpsGame, ZOpsGameList, ZOpsGameParams, ZOpsGameUpdate } from '@krapao/contracts/ops/games';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createGamesOpsService } from './games-ops.service.ts';

const tags = ['ops'];
const MANAGE = { permission: 'settings.manage' } as const;

export async function gamesOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createGamesOpsService(ctx);

  app.get(gamesPaths.list, { config: MANAGE, schema: { tags, response: { 200: ZOpsGameList } } }, async () => ({
    items: await ops.list(),
  }));
  app.post(
    gamesPaths.update,
    { config: MANAGE, schema: { tags, params: ZOpsGameParams, body: ZOpsGameUpdate, response: { 200: ZOpsGame } } },
    (req) => ops.update(req.params.code, req.body, staffActOf(req, req.body.reason)),
  );
}
