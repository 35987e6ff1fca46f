import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

// Every namespace of the money and promotion screens, in all three languages.
const files = import.meta.glob<{ default: Tree }>('./*/*.json', { eager: true });
const NAMES = ['depositMethods', 'withdraw', 'statement', 'invite', 'refund'];
const NAMESPACES: Record<string, Record<string, Tree>> = Object.fromEntries(
  NAMES.map((ns) => [ns, Object.fromEntries(LOCALES.map((l) => [l, files[`./${l}/${ns}.json`]?.default ?? {}]))]),
);
const SCRIPT: Record<string, RegExp> = { th: /[\u0E00-\u0E7F]/, la: /[\u0E80-\u0EFF]/ };
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe.each(Object.entries(NAMESPACES))('%s translations', (_name, byLocale) => {
  const reference = entries(byLocale.en as Tree);

  it('has the same keys and placeholders in Thai, Lao and English', () => {
    for (const locale of LOCALES) {
      const own = new Map(entries(byLocale[locale] as Tree));
      expect([...own.keys()].sort()).toEqual(reference.map(([key]) => key).sort());
      for (const [key, text] of reference) expect(placeholders(own.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('is written in Thai and Lao, not copied from English', () => {
    for (const locale of ['th', 'la'] as const) {
      const own = new Map(entries(byLocale[locale] as Tree));
      for (const [key, text] of reference) {
        if (/[a-z]{3}/i.test(text.replace(/{{\w+}}|https?:\S+|PNG|JPEG|WebP|MB/g, ''))) {
          expect(own.get(key), `${locale} ${key}`).toMatch(SCRIPT[locale] as RegExp);
        }
      }
    }
  });
});
