import { describe, expect, it } from 'vitest';
import { totalBalance } from './total-balance';

describe('totalBalance', () => {
  it('adds the wallet and every game account: 100 + 20.5 + 0 + 5 = 125.5', () => {
    expect(totalBalance({ wallet: { amount: 100 }, slots: [{ amount: 20.5 }, { amount: 0 }, { amount: 5 }] })).toBe(
      125.5,
    );
  });

  it('does not drift like floats do (0.1 + 0.2)', () => {
    expect(totalBalance({ wallet: { amount: 0.1 }, slots: [{ amount: 0.2 }] })).toBe(0.3);
  });

  it('is the wallet alone when there are no games', () => {
    expect(totalBalance({ wallet: { amount: 7.25 }, slots: [] })).toBe(7.25);
  });
});
