import { describe, expect, it } from 'vitest';
import { moneyProblem, ZMoneyInput } from './money-input.ts';

describe('money input', () => {
  it('names the first rule broken: required, the limits, then the places', () => {
    expect(moneyProblem('')).toBe('amountRequired');
    expect(moneyProblem(' 0 ')).toBe('amountRequired');
    expect(moneyProblem('-5')).toBe('amountRequired');
    expect(moneyProblem('abc')).toBe('amountRequired');
    expect(moneyProblem('0.555', { min: 1 })).toBe('minimum');
    expect(moneyProblem('500.555', { max: 100 })).toBe('maximum');
    expect(moneyProblem('10.555', { min: 1, max: 100 })).toBe('decimals');
    expect(moneyProblem('1e2')).toBe('decimals');
    expect(moneyProblem('10.5', { min: 1, max: 100 })).toBeNull();
    expect(moneyProblem(' 100.25 ')).toBeNull();
  });

  it('parses to the wire number, or fails with the problem as the message', () => {
    expect(ZMoneyInput({ min: 1 }).parse(' 12.50 ')).toBe(12.5);
    const failed = ZMoneyInput({ min: 100 }).safeParse('50');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.message)).toEqual(['minimum']);
  });
});
