import { describe, expect, it } from 'vitest';
import { type DepositBank, depositChannels, depositCurrency, showsCurrency } from './deposit-channels';

const entry = (bankCode: string, bankType = 'BANK', currency: DepositBank['currency'] = 'BAHT'): DepositBank => ({
  bankCode,
  bankType,
  mode: 'AUTO',
  bank: { nameTH: bankCode, nameEN: bankCode },
  bankAccountName: 'HOUSE',
  bankAccountNo: '1234567890',
  currency,
});

describe('deposit channels', () => {
  it('PAYMENT entries of KBANK, WW and PAYTIMZ are gateways; other PAYMENT codes are ignored', () => {
    const { gateways, accounts } = depositChannels([
      entry('SCB'),
      entry('WW', 'PAYMENT'),
      entry('KBANK', 'PAYMENT'),
      entry('OTHERPAY', 'PAYMENT'),
      entry('KBANK'),
      entry('WW', 'PAYMENT'),
    ]);
    expect(gateways).toEqual(['WW', 'KBANK']);
    expect(accounts.map((a) => a.bankCode)).toEqual(['SCB', 'KBANK']);
  });

  it('shows currencies only when they are mixed or not baht', () => {
    expect(showsCurrency([entry('SCB'), entry('KTB')])).toBe(false);
    expect(showsCurrency([entry('SCB'), entry('BCEL', 'BANK', 'LAK')])).toBe(true);
    expect(showsCurrency([entry('BCEL', 'BANK', 'LAK')])).toBe(true);
    expect(depositCurrency([entry('BCEL', 'BANK', 'LAK')], 'BAHT')).toBe('LAK');
    expect(depositCurrency([entry('SCB'), entry('BCEL', 'BANK', 'LAK')], 'BAHT')).toBe('BAHT');
    expect(depositCurrency([], 'LAK')).toBe('LAK');
  });
});
