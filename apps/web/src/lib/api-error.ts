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

/** What to show the user for a failed call. */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return t('common:apiError.timeout');
    if (err.kind === 'network') return t('common:apiError.network');
    return codeText(t, err.code);
  }
  if (err instanceof Error && err.message) return err.message;
  return t('common:apiError.unknown');
}
