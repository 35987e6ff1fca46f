// The one rounding rule of shares and percentage settings (invites, cashback, coupons): never up.
import type { Currency } from '@krapao/contracts/constants';
import { MINOR_UNITS } from '@krapao/contracts/money';

/**
 * `percent` % of `amount`, rounded down to whole minor units. The percentage counts in hundredths
 * (basis points), so 0.5 % or 1.25 % are exact; more decimals are cut, never rounded up.
 */
export function percentOf(amount: bigint, percent: number): bigint {
  if (!Number.isFinite(percent) || percent <= 0 || amount <= 0n) return 0n;
  const basisPoints = BigInt(Math.floor(percent * 100 + 1e-9));
  return (amount * basisPoints) / 10_000n;
}

/** A major-unit setting as whole minor units of `currency`, rounded down (malformed counts as 0). */
export function minorOf(major: number, currency: Currency): bigint {
  if (!Number.isFinite(major) || major <= 0) return 0n;
  return BigInt(Math.floor(major * MINOR_UNITS[currency] + 1e-9));
}

/** A percentage setting as the whole number the condition engine counts with (0 when unset). */
export function wholePercent(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
