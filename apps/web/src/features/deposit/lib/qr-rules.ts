// QR deposit rules (docs/product.md §3.3, §8): quick amounts, when create is enabled, when it is ignored.
import { QR_CREATE_MINIMUM, QR_QUICK_AMOUNTS } from '@krapao/contracts/constants';
import { type QrGateway, qrMinimum } from '@krapao/contracts/deposit';

/** The build setting VITE_PAYTIMZ_MIN, or null for the contracts' default. */
export type PaytimzMinimum = number | null;

/** The smallest amount shown as the gateway's minimum (PAYTIMZ: the build setting when set). */
export function gatewayMinimum(code: QrGateway, paytimzMin: PaytimzMinimum): number {
  return qrMinimum(code, paytimzMin ?? undefined);
}

/**
 * The gateway's quick amounts. A PAYTIMZ build minimum replaces the first quick amount, and quick
 * amounts below it are dropped so that no quick amount leaves the create button disabled.
 */
export function quickAmounts(code: QrGateway, paytimzMin: PaytimzMinimum): number[] {
  const amounts: number[] = [...QR_QUICK_AMOUNTS[code]];
  if (code !== 'PAYTIMZ' || paytimzMin === null) return amounts;
  return [paytimzMin, ...amounts.slice(1).filter((amount) => amount > paytimzMin)];
}

/** Create is disabled: KBANK at 0 or less, WW below 100, PAYTIMZ below its minimum. */
export function canCreateQr(code: QrGateway, amount: number, paytimzMin: PaytimzMinimum): boolean {
  if (!Number.isFinite(amount)) return false;
  if (code === 'KBANK') return amount > 0;
  return amount >= gatewayMinimum(code, paytimzMin);
}

/** A create with an amount below 1 is ignored: no call. */
export function isQrCreateIgnored(amount: number): boolean {
  return !(Number.isFinite(amount) && amount >= QR_CREATE_MINIMUM);
}

/** The amount field's text as a number; empty or not a number is 0. */
export function parseAmount(input: string): number {
  const value = Number(input.trim());
  return input.trim() !== '' && Number.isFinite(value) ? value : 0;
}
