import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import en from './en/common.json';
import la from './la/common.json';
import th from './th/common.json';

type Tree = { [key: string]: string | Tree };

/** Keys with i18next plural suffixes reduced to their base, so th/la "x" matches en "x_one"/"x_other". */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = `${prefix}${key.replace(/_(one|other)$/, '')}`;
    return typeof value === 'string' ? [path] : keys(value, `${path}.`);
  });
}

const common: Record<string, Tree> = { th, la, en };

describe('common translations', () => {
  it('every language has the same keys', () => {
    const reference = [...new Set(keys(en))].sort();
    for (const locale of LOCALES) {
      expect([...new Set(keys(common[locale] as Tree))].sort()).toEqual(reference);
    }
  });

  it('has the edit-profile, edit-bank-name and agreement texts', () => {
    for (const locale of LOCALES) {
      const tree = common[locale] as Tree;
      expect(tree.editProfile).toBeTruthy();
      expect(tree.editBankName).toBeTruthy();
      expect(tree.agreement).toBeTruthy();
    }
  });

  it('Thai and Lao are real translations, not English copies', () => {
    const thaiScript = /[\u0E00-\u0E7F]/;
    const laoScript = /[\u0E80-\u0EFF]/;
    expect((th.login as Tree).title).toMatch(thaiScript);
    expect((la.login as Tree).title).toMatch(laoScript);
    expect((th.validation as Tree).passwordsMismatch).toMatch(thaiScript);
    expect((la.validation as Tree).passwordsMismatch).toMatch(laoScript);
  });
});
