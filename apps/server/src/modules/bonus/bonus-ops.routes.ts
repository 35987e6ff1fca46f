// The console's promotions page (permission settings.manage): bonuses and promotion codes.
import {
  promotionsPaths,
  ZOpsBonus,
  ZOpsBonusCreate,
  ZOpsBonusList,
  ZOpsBonusUpdate,
  ZOpsCodeParams,
  ZOpsPromotionCode,
  ZOpsPromotionCodeCreate,
  ZOpsPromotionCodeDisable,
  ZOpsPromotionCodeList,
} from '@krapao/contracts/ops/promotions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createBonusOpsService } from './bonus-ops.service.ts';

const tags = ['ops'];
const config = { permission: 'settings.manage' } as const;

export async function bonusOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createBonusOpsService(ctx);

  app.get(promotionsPaths.bonuses, { config, schema: { tags, response: { 200: ZOpsBonusList } } }, async () => ({
    items: await ops.bonuses(),
  }));
  app.post(
    promotionsPaths.bonuses,
    { config, schema: { tags, body: ZOpsBonusCreate, response: { 200: ZOpsBonus } } },
    (req) => ops.createBonus(req.body, staffActOf(req, req.body.reason)),
  );
  app.post(
    promotionsPaths.bonus,
    { config, schema: { tags, params: ZOpsCodeParams, body: ZOpsBonusUpdate, response: { 200: ZOpsBonus } } },
    (req) => ops.updateBonus(req.params.code, req.body, staffActOf(req, req.body.reason)),
  );

  app.get(promotionsPaths.codes, { config, schema: { tags, response: { 200: ZOpsPromotionCodeList } } }, async () => ({
    items: await ops.promotionCodes(),
  }));
  app.post(
    promotionsPaths.codes,
    { config, schema: { tags, body: ZOpsPromotionCodeCreate, response: { 200: ZOpsPromotionCode } } },
    (req) => ops.createPromotionCode(req.body, staffActOf(req, req.body.reason)),
  );
  app.post(
    promotionsPaths.disableCode,
    {
      config,
      schema: { tags, params: ZOpsCodeParams, body: ZOpsPromotionCodeDisable, response: { 200: ZOpsPromotionCode } },
    },
    (req) => ops.disablePromotionCode(req.params.code, staffActOf(req, req.body.reason)),
  );
}
