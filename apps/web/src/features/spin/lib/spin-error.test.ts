import { LOCALES } from '@krapao/contracts/constants';
import { isErrorCode } from '@krapao/contracts/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import en from '../../../locales/en/spin.json';
import la from '../../../locales/la/spin.json';
import th from '../../../locales/th/spin.json';
import { SPIN_ERROR_CODES, spinErrorText } from './spin-error';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
const catalogues: Record<string, Tree> = { th, la, en };

describe('spin translations', () => {
  it('th, la and en have the same keys, with every spin coupon code and a fallback', () => {
    const reference = keys(en).sort();
    for (const locale of LOCALES) expect(keys(catalogues[locale] as Tree).sort()).toEqual(reference);
    for (const code of SPIN_ERROR_CODES) {
      expect(isErrorCode(code)).toBe(true);
      expect(reference).toContain(`error.${code}`);
    }
    expect(reference).toContain('error.fallback');
  });

  it('Thai and Lao are real translations', () => {
    expect(th.error.COUPON_EXPIRED).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.error.COUPON_EXPIRED).toMatch(/[\u0E80-\u0EFF]/);
    expect(th.claim.title).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.claim.title).toMatch(/[\u0E80-\u0EFF]/);
  });
});

describe('spin error text', () => {
  const t = i18n.t.bind(i18n);
  it.each(SPIN_ERROR_CODES)('%s: the spin text of that code', (code) => {
    expect(spinErrorText(t, new ApiError(code, 400))).toBe(en.error[code]);
  });

  it('any other server code, or a non-API error, gets the fallback; a lost connection says so', () => {
    expect(spinErrorText(t, new ApiError('KEY_INVALID', 400))).toBe(en.error.fallback);
    expect(spinErrorText(t, new ApiError('something odd', 500))).toBe(en.error.fallback);
    expect(spinErrorText(t, new Error('boom'))).toBe(en.error.fallback);
    expect(spinErrorText(t, new ApiError('NETWORK_ERROR', 0, 'network'))).toBe(
      'Cannot reach the server. Please check your connection.',
    );
  });

  it('says BONUS_REMAINING of the action that was refused: turning the wheel or claiming a coupon', () => {
    const refused = new ApiError('BONUS_REMAINING', 409);
    expect(spinErrorText(t, refused, 'spin')).toBe(en.error.BONUS_REMAINING_SPIN);
    expect(spinErrorText(t, refused, 'claim')).toBe(en.error.BONUS_REMAINING);
    expect(en.error.BONUS_REMAINING_SPIN).toMatch(/spinning/);
  });
});
