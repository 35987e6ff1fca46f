// A money field as a member types it: one rule for every money form of the SPA.
import { z } from 'zod';

/** What a money field shows under it; the first one broken wins. */
export const MONEY_PROBLEMS = ['amountRequired', 'minimum', 'maximum', 'decimals'] as const;
export type MoneyProblem = (typeof MONEY_PROBLEMS)[number];
export type MoneyLimits = { min?: number; max?: number };

const TWO_PLACES = /^\d+(\.\d{1,2})?$/;

/**
 * The first rule `text` breaks, or null: above 0, within the limits, at most two decimal places.
 * The limits are checked before the places, as the member reads the field.
 */
export function moneyProblem(text: string, { min, max }: MoneyLimits = {}): MoneyProblem | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value) || value <= 0) return 'amountRequired';
  if (min !== undefined && value < min) return 'minimum';
  if (max !== undefined && value > max) return 'maximum';
  if (!TWO_PLACES.test(trimmed)) return 'decimals';
  return null;
}

/** A money field: its text in, the amount out as the wire's number. An issue's message is a MoneyProblem. */
export const ZMoneyInput = (limits: MoneyLimits = {}) =>
  z
    .string()
    .check((ctx) => {
      const problem = moneyProblem(ctx.value, limits);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .transform((text) => Number(text.trim()));
