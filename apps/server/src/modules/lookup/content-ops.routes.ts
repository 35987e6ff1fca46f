// The console's content page (permission settings.manage): GET every text members read from the
// lookups, PUT one setting's new value (or the whole list of registration sources) with the reason
// the audit trail keeps; the answer is the page read again.
import {
  CONTENT_SETTINGS,
  type ContentSetting,
  contentChangeOf,
  contentPaths,
  type TContentValue,
  ZContentPage,
} from '@krapao/contracts/ops/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { createContentOpsService } from './content-ops.service.ts';
import type { StaffActOf } from './lookup-ops.routes.ts';

const tags = ['ops'];
const MANAGE = { permission: 'settings.manage' } as const;

export async function contentOpsRoutes(
  fastify: FastifyInstance,
  { ctx, actOf }: { ctx: AppContext; actOf: StaffActOf },
) {
  const app = typed(fastify);
  const svc = createContentOpsService(ctx);

  app.get(contentPaths.page, { config: MANAGE, schema: { tags, response: { 200: ZContentPage } } }, () => svc.page());
  for (const key of CONTENT_SETTINGS as readonly ContentSetting[]) {
    app.put(
      contentPaths[key],
      { config: MANAGE, schema: { tags, body: contentChangeOf(key), response: { 200: ZContentPage } } },
      async (req) => {
        await svc.change(key, req.body.value as TContentValue<typeof key>, actOf(req, req.body.reason));
        return svc.page();
      },
    );
  }
  app.put(
    contentPaths.sources,
    { config: MANAGE, schema: { tags, body: contentChangeOf('sources'), response: { 200: ZContentPage } } },
    async (req) => {
      await svc.changeSources(req.body.value, actOf(req, req.body.reason));
      return svc.page();
    },
  );
}
