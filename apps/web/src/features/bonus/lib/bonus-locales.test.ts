import { BONUS_TYPES, CONDITION_KINDS } from '@krapao/contracts/bonus';
import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/bonus.json';
import la from '../../../locales/la/bonus.json';
import th from '../../../locales/th/bonus.json';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
const BY_LOCALE: Record<string, Tree> = { th, la, en };
const SCRIPT: Record<string, RegExp> = { th: /[\u0E00-\u0E7F]/, la: /[\u0E80-\u0EFF]/ };
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('bonus translations', () => {
  const reference = entries(en);

  it('has the same keys and placeholders in Thai, Lao and English', () => {
    for (const locale of LOCALES) {
      const own = new Map(entries(BY_LOCALE[locale] as Tree));
      expect([...own.keys()].sort(), locale).toEqual(reference.map(([key]) => key).sort());
      for (const [key, text] of reference) expect(placeholders(own.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('is written in Thai and Lao, not copied from English', () => {
    for (const locale of ['th', 'la'] as const) {
      const own = new Map(entries(BY_LOCALE[locale] as Tree));
      for (const [key, text] of reference) {
        if (/[a-z]{3}/i.test(text.replace(/{{\w+}}/g, ''))) {
          expect(own.get(key), `${locale} ${key}`).toMatch(SCRIPT[locale] as RegExp);
        }
      }
    }
  });

  it('names every bonus type and condition kind', () => {
    for (const type of [...BONUS_TYPES, ...CONDITION_KINDS]) {
      for (const locale of LOCALES) {
        expect(
          entries(BY_LOCALE[locale] as Tree).some(([key]) => key === `types.${type}`),
          `${locale} ${type}`,
        ).toBe(true);
      }
    }
  });
});
