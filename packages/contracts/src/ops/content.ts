// The console's content page: the texts members read from the lookups (info, contact, conditions,
// agreements, the bonus notice, the how-to videos), each text in Thai and optionally Lao and English; a member is served
// the language asked for, Thai where that one is missing; and the registration sources, their texts
// the same way.
// Each change is one section's whole new value with the reason the audit trail keeps (permission
// settings.manage). A refused value answers KEY_INVALID with the offending `fields` and changes nothing.
import { z } from 'zod';
import { BANNER_NAME, mediaPaths } from './media.ts';
import { ZLastChange } from './settings.ts';
import { ZReason } from './staff.ts';

export const contentPaths = {
  /** GET every text of the page and who changed each last. */
  page: '/api/ops/content',
  /** PUT { value, reason }: one setting's new value. */
  info: '/api/ops/content/info',
  contact: '/api/ops/content/contact',
  conditions: '/api/ops/content/conditions',
  agreements: '/api/ops/content/agreements',
  notice: '/api/ops/content/notice',
  howto: '/api/ops/content/howto',
  /** PUT { value, reason }: the whole list of registration sources ("where did you hear of us"). */
  sources: '/api/ops/content/sources',
} as const;

export const CONTENT_SETTINGS = ['info', 'contact', 'conditions', 'agreements', 'notice', 'howto'] as const;
export type ContentSetting = (typeof CONTENT_SETTINGS)[number];
/** The page's sections: the settings, and the registration sources (a table of their own). */
export const CONTENT_SECTIONS = [...CONTENT_SETTINGS, 'sources'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** The languages a text may carry; Thai is required and is the fallback of the others. */
export const TEXT_LANGUAGES = ['th', 'la', 'en'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** Longest HTML text of one condition or agreement item, and of the short texts. */
export const CONTENT_HTML_MAX = 20_000;
export const CONTENT_TEXT_MAX = 2_000;
export const CONTENT_ITEMS_MAX = 30;

/** A text per language: Thai required, Lao and English optional (empty means "use Thai"). */
export const localizedTextOf = (max: number) =>
  z.strictObject({
    th: z.string().trim().min(1).max(max),
    la: z.string().trim().max(max).optional(),
    en: z.string().trim().max(max).optional(),
  });
export type TLocalizedText = { th: string; la?: string; en?: string };

const ZHttpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s]+$/);

/** The QR image: an https URL, a path on this site, or an inline image (data URL); empty shows none. */
const ZImageRef = z.union([
  z.literal(''),
  ZHttpsUrl,
  z
    .string()
    .trim()
    .max(500)
    .regex(/^\/[^\s]*$/),
  z
    .string()
    .max(200_000)
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/),
]);

export const ZInfoSetting = z.strictObject({
  name: z.string().trim().min(1).max(100),
  website: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/[^\s]+$/),
  ]),
});
export const ZContactSetting = z.strictObject({
  contactText: localizedTextOf(CONTENT_TEXT_MAX),
  lineLink: ZHttpsUrl,
  lineName: z.string().trim().min(1).max(100),
  lineQR: ZImageRef,
});
export const ZHtmlItemsSetting = z.array(localizedTextOf(CONTENT_HTML_MAX)).max(CONTENT_ITEMS_MAX);
export const ZNoticeSetting = localizedTextOf(CONTENT_TEXT_MAX);

/** The five how-to videos of the member's /howto page, by id (the files the SPA ships are /howto/<id>.*). */
export const HOWTO_IDS = ['wallet', 'enter-game', 'balance-check', 'receive-bonus', 'end-bonus'] as const;
export const HOWTO_TITLE_MAX = 100;

/** No "..", no backslash, no query: a plain path of this site. */
const isPlainSitePath = (url: string) => !url.includes('..') && /^\/[\w./-]+$/.test(url);
const isHttps = (url: string) => /^https:\/\/[^\s/]+\/\S*$/.test(url);

/** A video: an mp4 of this site (the shipped /howto/… or one under /files/), or an https address. */
export const ZHowtoVideo = z
  .string()
  .trim()
  .max(500)
  .refine((url) => isHttps(url) || (isPlainSitePath(url) && /^\/(howto|files)\/[\w./-]+\.mp4$/.test(url)), {
    message: 'url',
  });
/** A poster: an image the console uploaded (/files/banners/…), a shipped /howto/….jpg, or an https address. */
export const ZHowtoPoster = z
  .string()
  .trim()
  .max(500)
  .refine(
    (url) =>
      isHttps(url) ||
      new RegExp(`^${mediaPaths.banners}/${BANNER_NAME.source.slice(1)}`).test(url) ||
      (isPlainSitePath(url) && /^\/howto\/[\w-]+\.(jpe?g|png|gif|webp)$/.test(url)),
    { message: 'url' },
  );

export const ZHowtoTutorialSetting = z.strictObject({
  id: z.enum(HOWTO_IDS),
  title: localizedTextOf(HOWTO_TITLE_MAX),
  video: ZHowtoVideo,
  poster: ZHowtoPoster,
});
/** The five videos, each once, in the order members see them. */
export const ZHowtoSetting = z
  .array(ZHowtoTutorialSetting)
  .length(HOWTO_IDS.length)
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, { message: 'duplicate' });
export type THowtoSetting = z.infer<typeof ZHowtoSetting>;

/**
 * A registration source: its code (what a member's record keeps) and the text members pick it by, in
 * Thai and, where given, Lao and English (a member reads Thai where their language has none).
 */
export const SOURCE_CODE = /^[A-Z0-9]{2,16}$/;
export const SOURCE_DESCRIPTION_MAX = 100;
export const SOURCES_MAX = 30;
export const ZSourceEntry = z.strictObject({
  code: z.string().regex(SOURCE_CODE),
  description: localizedTextOf(SOURCE_DESCRIPTION_MAX),
});
/** The whole list in the order members see it; codes unique; never empty (the seed would refill it). */
export const ZSourcesSetting = z
  .array(ZSourceEntry)
  .min(1)
  .max(SOURCES_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'duplicate' });
      seen.add(s.code);
    });
  });
export type TSourcesSetting = z.infer<typeof ZSourcesSetting>;

/** The value schema of each section of the page. */
export const CONTENT_VALUES = {
  info: ZInfoSetting,
  contact: ZContactSetting,
  conditions: ZHtmlItemsSetting,
  agreements: ZHtmlItemsSetting,
  notice: ZNoticeSetting,
  howto: ZHowtoSetting,
  sources: ZSourcesSetting,
} as const;
export type TContentValue<K extends ContentSection> = z.infer<(typeof CONTENT_VALUES)[K]>;

export const contentChangeOf = <K extends ContentSection>(key: K) =>
  z.strictObject({ value: CONTENT_VALUES[key], reason: ZReason });

const ZStoredText = z.object({ th: z.string(), la: z.string().optional(), en: z.string().optional() });
export const ZContentPage = z.object({
  info: z.object({ name: z.string(), website: z.string() }),
  contact: z.object({ contactText: ZStoredText, lineLink: z.string(), lineName: z.string(), lineQR: z.string() }),
  conditions: z.array(ZStoredText),
  agreements: z.array(ZStoredText),
  notice: ZStoredText,
  howto: z.array(z.object({ id: z.string(), title: ZStoredText, video: z.string(), poster: z.string() })),
  sources: z.array(z.object({ code: z.string(), description: ZStoredText })),
  /** The codes of `sources` some member registered with: removing one is refused. */
  sourcesInUse: z.array(z.string()),
  lastChanges: z.partialRecord(z.enum(CONTENT_SECTIONS), ZLastChange),
});
export type TContentPage = z.infer<typeof ZContentPage>;
