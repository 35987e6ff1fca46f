// The console's carousel banners (permission settings.manage): GET the invite and cashback
// screens' banner lists, PUT one list whole with the reason the audit trail keeps; the answer is
// both lists read again. Members' /api/invite/banners and /api/refund/banners serve what is saved.
import { bannersPaths, CAROUSELS, type Carousel, ZCarouselChange, ZCarouselsPage } from '@krapao/contracts/ops/banners';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import type { StaffActOf } from './lookup-ops.routes.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsChange } from './settings-change.ts';

const tags = ['ops'];
const MANAGE = { permission: 'settings.manage' } as const;

export async function bannersOpsRoutes(
  fastify: FastifyInstance,
  { ctx, actOf }: { ctx: AppContext; actOf: StaffActOf },
) {
  const app = typed(fastify);
  const settings = createSettingsRepository(ctx.db);
  const change = createSettingsChange(ctx);

  const page = async () => {
    const [inviteBanners, refundBanners, changes] = await Promise.all([
      settings.get('inviteBanners'),
      settings.get('refundBanners'),
      change.lastChanges(CAROUSELS),
    ]);
    const lastChangeOf = (key: Carousel) => {
      const last = changes.get(key);
      return last ? { at: last.at.toISOString(), staffName: last.staffName } : null;
    };
    return {
      inviteBanners: inviteBanners ?? [],
      refundBanners: refundBanners ?? [],
      changes: { inviteBanners: lastChangeOf('inviteBanners'), refundBanners: lastChangeOf('refundBanners') },
    };
  };

  app.get(bannersPaths.page, { config: MANAGE, schema: { tags, response: { 200: ZCarouselsPage } } }, page);
  for (const key of CAROUSELS) {
    app.put(
      bannersPaths[key],
      { config: MANAGE, schema: { tags, body: ZCarouselChange, response: { 200: ZCarouselsPage } } },
      async (req) => {
        await change.set(key, req.body.value, actOf(req, req.body.reason));
        return page();
      },
    );
  }
}
