// The console's content page: reads the texts (the how-to videos, the registration sources) members
// see in the form the console edits them (a plain stored string reads as its Thai), and writes one
// setting through createSettingsChange or the sources through createSourcesChange (the audit entry in
// the same transaction). Values are validated by the route's contract schema.
import {
  CONTENT_SECTIONS,
  type ContentSection,
  type ContentSetting,
  type TContentPage,
  type TContentValue,
  type TLocalizedText,
  type TSourcesSetting,
} from '@krapao/contracts/ops/content';
import type { TLastChange } from '@krapao/contracts/ops/settings';
import type { AppContext } from '../../context.ts';
import { lastChanges, type StaffAct } from '../audit/index.ts';
import { storedHowto } from './howto.ts';
import { localizedOf } from './localized-text.ts';
import { createSettingsRepository, type SiteSettings } from './settings.repository.ts';
import { createSettingsChange, SETTING_AUDIT_OBJECT } from './settings-change.ts';
import { createSourcesChange } from './sources-change.ts';

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
  const sources = createSourcesChange(ctx);

  return {
    async page(): Promise<TContentPage> {
      // The sources' changes are audited under the same object type (setting/sources).
      const last = await lastChanges(ctx.db, SETTING_AUDIT_OBJECT, CONTENT_SECTIONS);
      const changes: Partial<Record<ContentSection, TLastChange>> = {};
      for (const [key, c] of last) changes[key as ContentSection] = { at: c.at.toISOString(), staffName: c.staffName };
      const contact = (await settings.get('contact')) ?? { contactText: '', lineLink: '', lineName: '', lineQR: '' };
      return {
        info: (await settings.get('info')) ?? { name: '', website: '' },
        contact: { ...contact, contactText: localizedOf(contact.contactText) },
        conditions: ((await settings.get('conditions')) ?? []).map(localizedOf),
        agreements: ((await settings.get('agreements')) ?? []).map(localizedOf),
        notice: localizedOf(await settings.get('notice')),
        howto: (await storedHowto(settings)).map((t) => ({ ...t, title: localizedOf(t.title) })),
        sources: await sources.list(),
        sourcesInUse: await sources.inUse(),
        lastChanges: changes,
      };
    },
    /** Writes one setting; answers nothing, the page is read again. */
    async change<K extends ContentSetting>(key: K, value: TContentValue<K>, by: StaffAct): Promise<void> {
      await change.set(key, storedOf(key, value), by);
    },
    /** Replaces the registration sources; a source a member registered with stays (KEY_INVALID in-use). */
    changeSources: (list: TSourcesSetting, by: StaffAct) => sources.set(list, by),
  };
}
