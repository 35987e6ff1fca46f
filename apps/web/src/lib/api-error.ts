import type { TFunction } from 'i18next';

export type ApiErrorKind = 'server' | 'timeout' | 'network';

/** A failed call. `code` is the server's `message` (an error code of the catalogue, or free text). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly body: unknown;

  constructor(code: string, status: number, kind: ApiErrorKind = 'server', body: unknown = null) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.kind = kind;
    this.body = body;
  }
}

const KEY_LIKE = /^[A-Za-z0-9_-]+$/;

/** Translate a code through the errors catalogue; fall back to the text itself (docs/product.md §7). */
export function codeText(t: TFunction, code: string): string {
  if (!KEY_LIKE.test(code)) return code;
  return t(`errors:${code}`, { defaultValue: code });
}

const LIMIT_CODES = ['PROTECTION_DEPOSIT_LIMIT', 'PROTECTION_LOSS_LIMIT'];
const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'];
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });

/** A limit refusal names what the period still allows (data: period, remaining): the text says it too. */
function limitLeftText(t: TFunction, err: ApiError): string | null {
  if (!LIMIT_CODES.includes(err.code)) return null;
  const { period, remaining } = (err.body ?? {}) as { period?: unknown; remaining?: unknown };
  if (typeof remaining !== 'number' || typeof period !== 'string' || !LIMIT_PERIODS.includes(period)) return null;
  return t(`common:limitLeft.${period}`, { amount: amountFormat.format(remaining) });
}

/** What to show the user for a failed call. */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return t('common:apiError.timeout');
    if (err.kind === 'network') return t('common:apiError.network');
    const left = limitLeftText(t, err);
    return left ? `${codeText(t, err.code)} — ${left}` : codeText(t, err.code);
  }
  if (err instanceof Error && err.message) return err.message;
  return t('common:apiError.unknown');
}
