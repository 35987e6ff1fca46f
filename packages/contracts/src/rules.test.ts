import { describe, expect, it } from 'vitest';
import { bankAccountNameError, joinBankAccountName, normalizeBankAccountName, phoneError } from './rules.ts';

describe('validation rules', () => {
  it('requires 10 digits outside the Laos build', () => {
    expect(phoneError('0812345678', false)).toBeNull();
    expect(phoneError('081234567', false)).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(phoneError('08123456789', false)).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(phoneError('08123x5678', false)).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(phoneError('20551234', true)).toBeNull();
    expect(phoneError('abc', true)).toBe('INVALID_USER_INFO');
  });

  it('asks English names for KTB, TMB and BBL only', () => {
    expect(bankAccountNameError('KTB', 'สมชาย ใจดี')).toBe('BANK_ACCOUNT_NAME_ENG');
    expect(bankAccountNameError('TMB', 'Somchai Jaidee')).toBeNull();
    expect(bankAccountNameError('BBL', 'SOMCHAI1')).toBe('BANK_ACCOUNT_NAME_ENG');
    expect(bankAccountNameError('SCB', 'สมชาย ใจดี')).toBeNull();
  });

  it('joins first and last name trimmed with one space, upper case', () => {
    expect(joinBankAccountName(' somchai ', 'Jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(normalizeBankAccountName('  somchai    jaidee ')).toBe('SOMCHAI JAIDEE');
  });
});
