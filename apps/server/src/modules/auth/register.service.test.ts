import { describe, expect, it } from 'vitest';
import { referralId, registrationCurrency } from './register.service.ts';

describe('registrationCurrency', () => {
  it('takes BAHT only in the Thai build', () => {
    expect(registrationCurrency('', false)).toBe('BAHT');
    expect(registrationCurrency('BAHT', false)).toBe('BAHT');
    expect(registrationCurrency('LAK', false)).toBeNull();
  });

  it('takes LAK or BAHT in the Laos build, LAK by default', () => {
    expect(registrationCurrency('', true)).toBe('LAK');
    expect(registrationCurrency('LAK', true)).toBe('LAK');
    expect(registrationCurrency('BAHT', true)).toBe('BAHT');
  });
});

describe('referralId', () => {
  it('reads PR{id} with the prefix in any case', () => {
    expect(referralId('PR100001')).toBe(100001);
    expect(referralId('pr100001')).toBe(100001);
    expect(referralId('Pr42')).toBe(42);
  });

  it('refuses anything else, including ids too long to be exact', () => {
    for (const code of ['100001', 'PR', 'PRX1', 'PR 1', 'XPR1', 'PR1x', 'PR-1', `PR${'9'.repeat(16)}`]) {
      expect(referralId(code)).toBeNull();
    }
  });
});
