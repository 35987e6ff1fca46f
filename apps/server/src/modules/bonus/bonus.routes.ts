// Bonus and promotion calls: all GET, as the wire contract has them. The ones that move money
// (activate, clear) take an Idempotency-Key for replays; without one the database rules (one
// ACTIVE condition per member, one bonus per deposit, one use per promotion code) keep them safe.
import {
  bonusPaths,
  promotionPaths,
  ZActiveBonusCheck,
  ZBonusClearResponse,
  ZBonusListResponse,
  ZBonusMinimumResponse,
  ZCodeParams,
  ZPromotionFindResponse,
  ZUserBonusRecord,
} from '@krapao/contracts/bonus';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
// The route config's `idempotent` key is declared by the idempotency plugin.
import type {} from '../../plugins/idempotency.ts';
import { createBonusService } from './bonus.service.ts';
import { bonusOpsRoutes } from './bonus-ops.routes.ts';
import { createPromotionService } from './promotion.service.ts';

export async function bonusRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const bonuses = createBonusService(ctx);
  const promotions = createPromotionService(ctx);
  const member = { onRequest: [app.authenticate] };
  const moves = { ...member, config: { idempotent: true } };
  const tags = ['bonus'];
  await fastify.register(bonusOpsRoutes, { ctx });

  app.get(bonusPaths.list, { ...member, schema: { tags, response: { 200: ZBonusListResponse } } }, (req) =>
    bonuses.list(memberOf(req).memberId),
  );
  app.get(
    bonusPaths.activate,
    { ...moves, schema: { tags, params: ZCodeParams, response: { 200: ZUserBonusRecord } } },
    (req) => bonuses.activate(memberOf(req).memberId, req.params.code),
  );
  app.get(bonusPaths.checkActive, { ...member, schema: { tags, response: { 200: ZActiveBonusCheck } } }, (req) =>
    bonuses.checkActive(memberOf(req).memberId),
  );
  app.get(bonusPaths.clear, { ...moves, schema: { tags, response: { 200: ZBonusClearResponse } } }, (req) =>
    bonuses.clear(memberOf(req).memberId),
  );
  app.get(bonusPaths.checkMinimum, { ...member, schema: { tags, response: { 200: ZBonusMinimumResponse } } }, (req) =>
    bonuses.checkMinimum(memberOf(req).memberId),
  );

  const ptags = ['promotion'];
  app.get(
    promotionPaths.current,
    { ...member, schema: { tags: ptags, response: { 200: ZPromotionFindResponse } } },
    (req) => promotions.current(memberOf(req).memberId),
  );
  app.get(
    promotionPaths.find,
    { ...member, schema: { tags: ptags, params: ZCodeParams, response: { 200: ZPromotionFindResponse } } },
    (req) => promotions.find(memberOf(req).memberId, req.params.code),
  );
  app.get(
    promotionPaths.activate,
    { ...moves, schema: { tags: ptags, params: ZCodeParams, response: { 200: ZUserBonusRecord } } },
    (req) => promotions.activate(memberOf(req).memberId, req.params.code),
  );
}
