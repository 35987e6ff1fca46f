// The console's spin wheel page (settings.manage): GET the active wheel, PUT a new one; the answer
// of a change is the page read again. The coupons' condition (`couponRules`) is changed on the same
// page, PUT { value, reason } like every setting, audited as setting.change.
import { settingChangeOf, settingsPaths } from '@krapao/contracts/ops/settings';
import { spinWheelPaths, ZSpinWheelChange, ZSpinWheelPage } from '@krapao/contracts/ops/spin-wheel';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createSpinOpsService } from './spin-ops.service.ts';

const tags = ['ops'];
const MANAGE = { permission: 'settings.manage' } as const;

export async function spinOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const svc = createSpinOpsService(ctx);

  app.get(spinWheelPaths.wheel, { config: MANAGE, schema: { tags, response: { 200: ZSpinWheelPage } } }, () =>
    svc.page(),
  );

  app.put(
    spinWheelPaths.wheel,
    { config: MANAGE, schema: { tags, body: ZSpinWheelChange, response: { 200: ZSpinWheelPage } } },
    async (req) => {
      const { reason, ...change } = req.body;
      await svc.change({ ...change, reason }, staffActOf(req, reason));
      return svc.page();
    },
  );

  app.put(
    settingsPaths.couponRules,
    { config: MANAGE, schema: { tags, body: settingChangeOf('couponRules'), response: { 200: ZSpinWheelPage } } },
    async (req) => {
      await svc.changeCouponRules(req.body.value, staffActOf(req, req.body.reason));
      return svc.page();
    },
  );
}
