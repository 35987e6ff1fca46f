import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './money.ts';

describe('money', () => {
  it('converts wire decimals to minor units and back without float drift', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30n);
    expect(toMinor(100)).toBe(10_000n);
    expect(toMinor(19.99)).toBe(1_999n);
    expect(fromMinor(1_999n)).toBe(19.99);
    expect(toMinor(15_000, 'LAK')).toBe(15_000n);
  });

  it('refuses what is not money', () => {
    expect(() => toMinor(Number.NaN)).toThrow();
    expect(() => toMinor(1e308)).toThrow();
    expect(() => toMinor(1.005)).toThrow(/decimal/);
    expect(() => toMinor(1.5, 'LAK')).toThrow(/decimal/);
  });
});
