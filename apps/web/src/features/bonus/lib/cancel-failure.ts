import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';

/**
 * What a refused cancel tells the member: when the credit could not all come back from the games
 * (MONEY_NOT_ENOUGH, reason credit-outside-wallet) the amount owed and why; otherwise the error.
 */
export function cancelFailureText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError && err.code === 'MONEY_NOT_ENOUGH') {
    const body = err.body as { reason?: unknown; takeBack?: unknown } | null;
    if (body?.reason === 'credit-outside-wallet' && typeof body.takeBack === 'number')
      return t('bonus:active.creditOutsideWallet', { amount: formatNumber(body.takeBack) });
  }
  return errorText(t, err);
}
