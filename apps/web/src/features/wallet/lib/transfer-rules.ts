// The transfer form's client rules (spec §5): both accounts chosen, different, amount at least MIN_TRANSFER.
import { MIN_TRANSFER } from '@krapao/contracts/constants';

export type TransferForm = { from: string; to: string; amount: string };
export type TransferProblem = 'selectAccount' | 'sameAccount' | 'amountRequired' | 'minimum' | 'decimals';

const TWO_PLACES = /^\d+(\.\d{1,2})?$/;

/** The first rule the form breaks, in the order the member fills it in, or null. */
export function transferProblem({ from, to, amount }: TransferForm): TransferProblem | null {
  if (!from || !to) return 'selectAccount';
  if (from === to) return 'sameAccount';
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value) || value <= 0) return 'amountRequired';
  if (value < MIN_TRANSFER) return 'minimum';
  if (!TWO_PLACES.test(amount.trim())) return 'decimals';
  return null;
}
