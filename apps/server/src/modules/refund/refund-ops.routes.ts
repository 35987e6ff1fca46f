// The console's cashback settings (permission settings.manage): `refundRules`, changed with a reason
// through the settings trail.
import { promotionRulesPaths, ZOpsRefundRulesChange, ZOpsRefundSettings } from '@krapao/contracts/ops/promotions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createSettingsChange, createSettingsRepository } from '../lookup/index.ts';
import { staffActOf } from '../staff/index.ts';
import { refundRulesOf } from './refund-rules.ts';

const tags = ['ops'];
const config = { permission: 'settings.manage' } as const;

export async function refundOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const change = createSettingsChange(ctx);
  const settings = createSettingsRepository(ctx.db);

  const current = async () => {
    const [refundRules, changes] = await Promise.all([refundRulesOf(settings), change.lastChanges(['refundRules'])]);
    const last = changes.get('refundRules');
    return {
      refundRules,
      changes: { refundRules: last ? { at: last.at.toISOString(), staffName: last.staffName } : null },
    };
  };

  app.get(promotionRulesPaths.refund, { config, schema: { tags, response: { 200: ZOpsRefundSettings } } }, current);
  app.post(
    promotionRulesPaths.refund,
    { config, schema: { tags, body: ZOpsRefundRulesChange, response: { 200: ZOpsRefundSettings } } },
    async (req) => {
      await change.set('refundRules', req.body.value, staffActOf(req, req.body.reason));
      return current();
    },
  );
}
