// The console's invite settings (permission settings.manage): the referral share and claim rules
// (`inviteRules`) and the claim's condition percentages (`invite`), each changed with a reason
// through the settings trail.
import { promotionRulesPaths, ZOpsInviteRulesChange, ZOpsInviteSettings } from '@krapao/contracts/ops/promotions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createSettingsChange, createSettingsRepository } from '../lookup/index.ts';
import { staffActOf } from '../staff/index.ts';
import { inviteRulesOf } from './invite-rules.ts';

const tags = ['ops'];
const config = { permission: 'settings.manage' } as const;
const KEYS = ['inviteRules', 'invite'] as const;

export async function inviteOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const change = createSettingsChange(ctx);
  const settings = createSettingsRepository(ctx.db);

  const current = async () => {
    const [inviteRules, invite, changes] = await Promise.all([
      inviteRulesOf(settings),
      settings.get('invite'),
      change.lastChanges(KEYS),
    ]);
    const lastChangeOf = (key: string) => {
      const last = changes.get(key);
      return last ? { at: last.at.toISOString(), staffName: last.staffName } : null;
    };
    return {
      inviteRules,
      invite: { success: invite?.success ?? 0, fail: invite?.fail ?? 0 },
      changes: { inviteRules: lastChangeOf('inviteRules'), invite: lastChangeOf('invite') },
    };
  };

  app.get(promotionRulesPaths.invite, { config, schema: { tags, response: { 200: ZOpsInviteSettings } } }, current);
  app.post(
    promotionRulesPaths.invite,
    { config, schema: { tags, body: ZOpsInviteRulesChange, response: { 200: ZOpsInviteSettings } } },
    async (req) => {
      const by = staffActOf(req, req.body.reason);
      if (req.body.key === 'inviteRules') await change.set('inviteRules', req.body.value, by);
      else await change.set('invite', req.body.value, by);
      return current();
    },
  );
}
