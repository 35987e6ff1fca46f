// The console's settings page (permission settings.manage): GET every setting it edits, PUT one
// setting's new value with the reason the audit trail keeps; the answer is the page read again.
import {
  PAYMENT_SETTINGS,
  type PageSetting,
  SITE_SWITCHES,
  settingChangeOf,
  settingsPaths,
  type TSettingValue,
  ZSettingsPage,
} from '@krapao/contracts/ops/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import type { StaffAct } from '../audit/index.ts';
import { createLookupOpsService } from './lookup-ops.service.ts';

const tags = ['ops'];
const MANAGE = { permission: 'settings.manage' } as const;

/** The staff module's staffActOf, passed in by the composition root (staff already depends on lookup). */
export type StaffActOf = (req: FastifyRequest, reason: string) => StaffAct;

export async function lookupOpsRoutes(
  fastify: FastifyInstance,
  { ctx, actOf }: { ctx: AppContext; actOf: StaffActOf },
) {
  const app = typed(fastify);
  const svc = createLookupOpsService(ctx);

  app.get(settingsPaths.page, { config: MANAGE, schema: { tags, response: { 200: ZSettingsPage } } }, () => svc.page());
  for (const key of [...SITE_SWITCHES, ...PAYMENT_SETTINGS] as PageSetting[]) {
    app.put(
      settingsPaths[key],
      { config: MANAGE, schema: { tags, body: settingChangeOf(key), response: { 200: ZSettingsPage } } },
      async (req) => {
        await svc.change(key, req.body.value as TSettingValue<typeof key>, actOf(req, req.body.reason));
        return svc.page();
      },
    );
  }
}
