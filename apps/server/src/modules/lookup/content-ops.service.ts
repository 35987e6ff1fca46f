// The console's content page: reads the texts (and the how-to videos) members see in the form the console edits them (a
// plain stored string reads as its Thai), and writes one setting through createSettingsChange (the
// audit entry in the same transaction). Values are validated by the route's contract schema.
import {
  CONTENT_SETTINGS,
  type ContentSetting,
  type TContentPage,
  type TContentValue,
  type TLocalizedText,
} from '@krapao/contracts/ops/content';
import type { TLastChange } from '@krapao/contracts/ops/settings';
import type { AppContext } from '../../context.ts';
import type { StaffAct } from '../audit/index.ts';
import { storedHowto } from './howto.ts';
import { localizedOf } from './localized-text.ts';
import { createSettingsRepository, type SiteSettings } from './settings.repository.ts';
import { createSettingsChange } from './settings-change.ts';

/** The stored value; localizedOf drops empty optional languages, so "no Lao text" is absent, not "". */
function storedOf<K extends ContentSetting>(key: K, value: TContentValue<K>): SiteSettings[K] {
  switch (key) {
    case 'contact': {
      const contact = value as TContentValue<'contact'>;
      return { ...contact, contactText: localizedOf(contact.contactText) } as SiteSettings[K];
    }
    case 'conditions':
    case 'agreements':
      return (value as TLocalizedText[]).map(localizedOf) as SiteSettings[K];
    case 'notice':
      return localizedOf(value as TLocalizedText) as SiteSettings[K];
    case 'howto':
      return (value as TContentValue<'howto'>).map((t) => ({ ...t, title: localizedOf(t.title) })) as SiteSettings[K];
    default:
      return value as SiteSettings[K];
  }
}

export function createContentOpsService(ctx: AppContext) {
  const settings = createSettingsRepository(ctx.db);
  const change = createSettingsChange(ctx);

  return {
    async page(): Promise<TContentPage> {
      const last = await change.lastChanges(CONTENT_SETTINGS);
      const lastChanges: Partial<Record<ContentSetting, TLastChange>> = {};
      for (const [key, c] of last)
        lastChanges[key as ContentSetting] = { at: c.at.toISOString(), staffName: c.staffName };
      const contact = (await settings.get('contact')) ?? { contactText: '', lineLink: '', lineName: '', lineQR: '' };
      return {
        info: (await settings.get('info')) ?? { name: '', website: '' },
        contact: { ...contact, contactText: localizedOf(contact.contactText) },
        conditions: ((await settings.get('conditions')) ?? []).map(localizedOf),
        agreements: ((await settings.get('agreements')) ?? []).map(localizedOf),
        notice: localizedOf(await settings.get('notice')),
        howto: (await storedHowto(settings)).map((t) => ({ ...t, title: localizedOf(t.title) })),
        lastChanges,
      };
    },
    /** Writes one setting; answers nothing, the page is read again. */
    async change<K extends ContentSetting>(key: K, value: TContentValue<K>, by: StaffAct): Promise<void> {
      await change.set(key, storedOf(key, value), by);
    },
  };
}
