import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import en from './en/common.json';
import enProfile from './en/profile.json';
import enRegister from './en/register.json';
import la from './la/common.json';
import laProfile from './la/profile.json';
import laRegister from './la/register.json';
import th from './th/common.json';
import thProfile from './th/profile.json';
import thRegister from './th/register.json';

type Tree = { [key: string]: string | Tree };

/** Keys with i18next plural suffixes reduced to their base, so th/la "x" matches en "x_one"/"x_other". */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = `${prefix}${key.replace(/_(one|other)$/, '')}`;
    return typeof value === 'string' ? [path] : keys(value, `${path}.`);
  });
}

const common: Record<string, Tree> = { th, la, en };
/** The boot's namespace and the two that load with the register and profile screens (load-plan.json). */
const namespaces: Record<string, Record<string, Tree>> = {
  common,
  register: { th: thRegister, la: laRegister, en: enRegister },
  profile: { th: thProfile, la: laProfile, en: enProfile },
};

describe('common, register and profile translations', () => {
  it.each(Object.keys(namespaces))('%s: every language has the same keys', (ns) => {
    const byLocale = namespaces[ns] as Record<string, Tree>;
    const reference = [...new Set(keys(byLocale.en as Tree))].sort();
    for (const locale of LOCALES) {
      expect([...new Set(keys(byLocale[locale] as Tree))].sort()).toEqual(reference);
    }
  });

  it('has the edit-profile, edit-bank-name and agreement texts', () => {
    for (const locale of LOCALES) {
      const tree = common[locale] as Tree;
      expect((namespaces.profile as Record<string, Tree>)[locale]?.edit).toBeTruthy();
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
    expect(thRegister.title).toMatch(thaiScript);
    expect(laRegister.title).toMatch(laoScript);
    expect(thProfile.changePassword).toMatch(thaiScript);
    expect(laProfile.changePassword).toMatch(laoScript);
  });
});
