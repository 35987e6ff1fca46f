// A spin or claim failure shows the generic error title with a message from the spin
// namespace chosen by the server's error code.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

export const SPIN_ERROR_CODES = [
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  'BONUS_REMAINING',
] as const;
export type SpinErrorCode = (typeof SPIN_ERROR_CODES)[number];

function isSpinErrorCode(code: string): code is SpinErrorCode {
  return (SPIN_ERROR_CODES as readonly string[]).includes(code);
}

/** What failed: turning the wheel or claiming a coupon; BONUS_REMAINING reads differently for each. */
export type SpinAction = 'spin' | 'claim';

/** The message of a failed spin or claim: the code's spin text, a connection text, or the fallback. */
export function spinErrorText(t: TFunction, err: unknown, action: SpinAction = 'claim'): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return t('common:apiError.timeout');
    if (err.kind === 'network') return t('common:apiError.network');
    if (err.code === 'BONUS_REMAINING' && action === 'spin') return t('spin:error.BONUS_REMAINING_SPIN');
    if (isSpinErrorCode(err.code)) return t(`spin:error.${err.code}`);
  }
  return t('spin:error.fallback');
}
