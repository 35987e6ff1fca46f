// A stored text of the lookups: older values (and seeds) are plain strings, read as Thai for every
// language; newer ones carry a text per language. A member is served the language asked for
// (Accept-Language: th, la or lo, en), Thai where that language has none.
import { LOCALES, type Locale } from '@krapao/contracts/constants';
import type { TLocalizedText } from '@krapao/contracts/ops/content';

export type StoredText = string | TLocalizedText;

/** The text in the console's shape: a plain string becomes its Thai. */
export function localizedOf(value: StoredText | null | undefined): TLocalizedText {
  if (value === null || value === undefined) return { th: '' };
  if (typeof value === 'string') return { th: value };
  return {
    th: value.th,
    ...(value.la ? { la: value.la } : {}),
    ...(value.en ? { en: value.en } : {}),
  };
}

/** The text of `locale`, Thai where it has none. */
export function textIn(value: StoredText | null | undefined, locale: Locale): string {
  const text = localizedOf(value);
  return (locale === 'th' ? undefined : text[locale]) || text.th;
}

/** BCP 47 names Lao "lo"; the app says "la". */
const ALIASES: Record<string, Locale> = { lo: 'la' };

/** The first language of an Accept-Language header the site has, by preference; Thai otherwise. */
export function localeOfHeader(header: string | string[] | undefined): Locale {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = raw
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.tag !== '' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const locale = ALIASES[tag] ?? tag;
    if ((LOCALES as readonly string[]).includes(locale)) return locale as Locale;
  }
  return 'th';
}
