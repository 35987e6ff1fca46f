import { CURRENCIES, LOCALES } from '@krapao/contracts/constants';
import { QR_GATEWAYS } from '@krapao/contracts/deposit';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/deposit.json';
import la from '../../../locales/la/deposit.json';
import th from '../../../locales/th/deposit.json';

type Tree = { [key: string]: string | Tree };
const files: Record<string, Tree> = { th, la, en };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('deposit translations', () => {
  it('th, la and en have the same keys, with every gateway and currency', () => {
    const reference = keys(en).sort();
    for (const locale of LOCALES) expect(keys(files[locale] as Tree).sort()).toEqual(reference);
    for (const code of QR_GATEWAYS) expect(reference).toContain(`qr.gateway.${code}`);
    for (const currency of CURRENCIES) expect(reference).toContain(`currency.${currency}`);
  });

  it('Thai and Lao are real translations', () => {
    expect(th.rules.credited).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.rules.credited).toMatch(/[\u0E80-\u0EFF]/);
    expect(th.rules.minimum).toContain('{{amount}}');
    expect(la.rules.minimum).toContain('{{amount}}');
  });
});
