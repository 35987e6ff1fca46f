// A staff member changing a site setting: the new value, and the audit entry with the value before
// and after, commit together; this instance forgets its cached settings at once, the others within
// SETTINGS_CACHE_MS. Values are validated by the caller's contract schema before they get here.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema/lookup.ts';
import { publishOpsChange } from '../../lib/ops-changes.ts';
import { appendAudit, lastChanges, type StaffAct } from '../audit/index.ts';
import { forgetCachedSettings, type SettingKey, type SiteSettings } from './settings.repository.ts';

export const SETTING_AUDIT_OBJECT = 'setting';

export function createSettingsChange(ctx: AppContext) {
  return {
    /** Writes `value` under `key`; answers the value it replaced (undefined when none was set). */
    async set<K extends SettingKey>(
      key: K,
      value: SiteSettings[K],
      by: StaffAct,
    ): Promise<SiteSettings[K] | undefined> {
      const before = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
        await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'setting.change',
          objectType: SETTING_AUDIT_OBJECT,
          objectId: key,
          reason: by.reason,
          before: row?.value ?? null,
          after: value,
          requestId: by.requestId,
        });
        return row?.value as SiteSettings[K] | undefined;
      });
      forgetCachedSettings(ctx.db);
      publishOpsChange(ctx, { topic: 'setting', id: key });
      return before;
    },
    /** Who changed each of `keys` last, and when (keys never changed by staff are absent). */
    lastChanges: (keys: readonly SettingKey[]) => lastChanges(ctx.db, SETTING_AUDIT_OBJECT, keys),
  };
}
export type SettingsChange = ReturnType<typeof createSettingsChange>;
