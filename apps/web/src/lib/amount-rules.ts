// The amount rules of money forms (spec §5): required and above 0, numeric with at most 2 decimals,
// within the form's minimum and maximum. Shared by the deposit notice and the withdraw form.

export type AmountProblem = 'amountRequired' | 'decimals' | 'minimum' | 'maximum';
export type AmountLimits = { min?: number; max?: number };

const TWO_PLACES = /^\d+(\.\d{1,2})?$/;

/** The first rule `raw` breaks, or null. The minimum is checked before the decimals, as the member reads. */
export function amountProblem(raw: string, { min, max }: AmountLimits = {}): AmountProblem | null {
  const text = raw.trim();
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value <= 0) return 'amountRequired';
  if (min !== undefined && value < min) return 'minimum';
  if (max !== undefined && value > max) return 'maximum';
  if (!TWO_PLACES.test(text)) return 'decimals';
  return null;
}
