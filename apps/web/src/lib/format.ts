// Display formats: money, dates, account numbers.
import { DATE_FORMAT, MIN_FRACTION_DIGITS, MONTH_DAYS } from '@krapao/contracts/constants';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

const numberFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: MIN_FRACTION_DIGITS,
  maximumFractionDigits: 8,
});

/** At least two decimals, more when the number has them: 100 → 100.00, 12.345 → 12.345. */
export function formatNumber(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return numberFormat.format(Number.isFinite(n) ? n : 0);
}

/** Exactly 10 digits are grouped 3-3-4; anything else is shown as is. */
export function formatAccountNo(accountNo: string | null | undefined): string {
  const value = accountNo ?? '';
  return /^\d{10}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}` : value;
}

export function formatBankName(name: string | null | undefined): string {
  return (name ?? '').toUpperCase();
}

export type RelativeUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS: [RelativeUnit, number][] = [
  ['year', 365 * DAY],
  ['month', MONTH_DAYS * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** The largest whole unit of the elapsed time: 45 days → 1 month, 90 s → 1 minute. */
export function relativeParts(
  value: string | number | Date,
  now: Date = new Date(),
): { unit: RelativeUnit; count: number } {
  const seconds = Math.max(0, Math.floor((now.getTime() - dayjs(value).valueOf()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return { unit, count: Math.floor(seconds / size) };
  }
  return { unit: 'second', count: 0 };
}

export function formatRelative(t: TFunction, value: string | number | Date, now: Date = new Date()): string {
  const { unit, count } = relativeParts(value, now);
  return t(`common:relative.${unit}`, { count });
}
