import { describe, expect, it } from 'vitest';
import { bankDisplayName, needsBankNameEdit } from './bank-name';

const account = (bankCode: string, bankAccountName: string) => ({
  bank: { nameTH: 'ธนาคาร', nameEN: 'Bank' },
  bankCode,
  bankAccountName,
  bankAccountNo: '1234567890',
});

describe('bank-name edit', () => {
  it('is offered for KTB, TMB and BBL accounts whose name is not Latin letters', () => {
    expect(needsBankNameEdit(account('KTB', 'สมชาย ใจดี'))).toBe(true);
    expect(needsBankNameEdit(account('TMB', 'สมชาย'))).toBe(true);
    expect(needsBankNameEdit(account('BBL', 'SOMCHAI J.'))).toBe(true);
  });

  it('is not offered for Latin names, other banks or no account', () => {
    expect(needsBankNameEdit(account('KTB', 'SOMCHAI J'))).toBe(false);
    expect(needsBankNameEdit(account('BBL', 'somchai jaidee'))).toBe(false);
    expect(needsBankNameEdit(account('SCB', 'สมชาย ใจดี'))).toBe(false);
    expect(needsBankNameEdit(null)).toBe(false);
  });
});

describe('bank display name', () => {
  it('is Thai in Thai, English otherwise', () => {
    const bank = { nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' };
    expect(bankDisplayName(bank, 'th')).toBe('ไทยพาณิชย์');
    expect(bankDisplayName(bank, 'en')).toBe('Siam Commercial Bank');
    expect(bankDisplayName(bank, 'la')).toBe('Siam Commercial Bank');
    expect(bankDisplayName({ nameTH: 'ไทย', nameEN: '' }, 'en')).toBe('ไทย');
  });
});
