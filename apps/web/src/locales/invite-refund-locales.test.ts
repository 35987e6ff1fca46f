import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import enInvite from './en/invite.json';
import enRefund from './en/refund.json';
import laInvite from './la/invite.json';
import laRefund from './la/refund.json';
import thInvite from './th/invite.json';
import thRefund from './th/refund.json';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

const NAMESPACES: Record<string, Record<string, Tree>> = {
  invite: { th: thInvite, la: laInvite, en: enInvite },
  refund: { th: thRefund, la: laRefund, en: enRefund },
};
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
      for (const [key, text] of entries(byLocale[locale] as Tree)) {
        expect(text, `${locale} ${key}`).toMatch(SCRIPT[locale] as RegExp);
      }
    }
  });
});

describe('refund rule (spec §6, R6.5)', () => {
  it('states in every language that a refund is not allowed while a bonus condition is active', () => {
    expect(enRefund.bonusRule).toBe('A refund is not allowed while a bonus condition is active.');
    expect(thRefund.bonusRule).toContain('โบนัส');
    expect(laRefund.bonusRule).toContain('ໂບນັດ');
  });
});
