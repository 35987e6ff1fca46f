import type { TFunction } from 'i18next';

export type ApiErrorKind = 'server' | 'timeout' | 'network';

/** A failed call. `code` is the server's `message` (an error code of the catalogue, or free text). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly kind: ApiErrorKind;

  constructor(code: string, status: number, kind: ApiErrorKind = 'server') {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.kind = kind;
  }
}

const KEY_LIKE = /^[A-Za-z0-9_-]+$/;

/** What to show for a failed call: the code through errors.<CODE>, else the server's text (docs/product.md §7). */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return t('common:apiError.timeout');
    if (err.kind === 'network') return t('common:apiError.network');
    if (!KEY_LIKE.test(err.code)) return err.code;
    return t(`errors:${err.code}`, { defaultValue: err.code });
  }
  return t('common:apiError.unknown');
}
