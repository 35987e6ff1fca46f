import { describe, expect, it } from 'vitest';
import { linkedDescription, signedAmount } from './statement-entry';

describe('signedAmount', () => {
  it('deposit and bonus +, withdraw -, transfer unsigned', () => {
    expect(signedAmount({ statementType: 'deposit', amount: 100, from: 'BANK' })).toBe('+100.00');
    expect(signedAmount({ statementType: 'bonus', amount: 100, from: 'BONUS' })).toBe('+100.00');
    expect(signedAmount({ statementType: 'withdraw', amount: 100, from: 'WALLET' })).toBe('-100.00');
    expect(signedAmount({ statementType: 'transfer', amount: 100, from: 'WALLET' })).toBe('100.00');
    expect(signedAmount({ statementType: 'finish_bonus', amount: 0, from: 'BONUS' })).toBe('0.00');
  });

  it('a bonus end that took money back out of the wallet reads as money out', () => {
    expect(signedAmount({ statementType: 'finish_bonus', amount: 20, from: 'WALLET' })).toBe('-20.00');
    expect(signedAmount({ statementType: 'finish_bonus', amount: 12.5, from: 'PROMO' })).toBe('12.50');
  });

  it('an unknown type is unsigned rather than a crash', () => {
    expect(signedAmount({ statementType: 'mystery' as 'deposit', amount: 1, from: 'X' })).toBe('1.00');
  });
});

describe('linkedDescription', () => {
  it('takes the first linked detail with a description', () => {
    expect(linkedDescription({ promotion: { description: 'Promo X' } })).toBe('Promo X');
    expect(linkedDescription({ bonus: { description: '' }, luckydraw: { description: 'Wheel' } })).toBe('Wheel');
    expect(linkedDescription({})).toBeNull();
  });
});
