// Money is bigint minor units inside (satang; LAK is whole kip) and a decimal number with at most
// two places on the wire. These two functions are the only conversion between them.
import type { Currency } from './constants.ts';

export const MINOR_UNITS: Record<Currency, number> = { BAHT: 100, LAK: 1 };

export function toMinor(amount: number, currency: Currency = 'BAHT'): bigint {
  if (!Number.isFinite(amount)) throw new RangeError('amount must be finite');
  const scale = MINOR_UNITS[currency];
  const minor = Math.round(amount * scale);
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount out of range');
  if (Math.abs(minor / scale - amount) > 1e-9) throw new RangeError('too many decimal places');
  return BigInt(minor);
}

export function fromMinor(minor: bigint, currency: Currency = 'BAHT'): number {
  return Number(minor) / MINOR_UNITS[currency];
}
