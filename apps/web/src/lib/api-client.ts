// The one HTTP client of the SPA: base URL, bearer token, wallet-user header, JSON,
// timeouts, and the gone / invalid-token reactions.
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { GONE, IDENTITY_FAILED_TH, INVALID_TOKEN } from '@krapao/contracts/errors';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER, WALLET_USER_VALUE } from '@krapao/contracts/http-headers';
import { ApiError } from './api-error';
import { env } from './env';
import { i18n, initialLocale, isLocale } from './i18n';
import { trackRequest } from './in-flight';
import { navigateTo } from './navigation';
import { clearToken, getToken } from './storage';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  /** JSON-encoded unless it is FormData (an upload). */
  body?: unknown;
  /** One key per user action on every state-changing call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false: the global loader ignores this call. */
  loader?: boolean;
  /** Send this token instead of the stored one (logout sends it while the session is being cleared). */
  token?: string | null;
};

export const TERMINATED_PATH = '/terminated';
export const LOGIN_PATH = '/login';

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    return typeof message === 'string' ? message : null;
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

function buildHeaders(options: RequestOptions, isUpload: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', [WALLET_USER_HEADER]: WALLET_USER_VALUE });
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined && !isUpload) headers.set('Content-Type', 'application/json');
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);
  // The server answers its texts (conditions, contact, notice) in this language, Thai where it has none.
  headers.set('Accept-Language', isLocale(i18n.language) ? i18n.language : initialLocale());
  return headers;
}

/** Reads a finished response (gone, invalid-token, docs/product.md §2.1): returns the body or throws an ApiError. */
export function handleResponse(status: number, ok: boolean, body: unknown): unknown {
  const message = messageOf(body);
  if (message === GONE) {
    navigateTo(TERMINATED_PATH);
    throw new ApiError(GONE, status, 'server', body);
  }
  if (ok) return body;
  if (message === INVALID_TOKEN || message === IDENTITY_FAILED_TH) {
    clearToken();
    navigateTo(LOGIN_PATH);
  }
  throw new ApiError(message ?? `HTTP_${status}`, status, 'server', body);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isUpload = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const timeoutMs = options.timeoutMs ?? (isUpload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const done = options.loader === false ? () => {} : trackRequest();

  try {
    let response: Response;
    try {
      response = await fetch(`${env.apiBase}${path}`, {
        method: options.method ?? 'GET',
        headers: buildHeaders(options, isUpload),
        body: isUpload
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw new ApiError('TIMEOUT', 0, 'timeout');
      if (outer?.aborted) throw err;
      throw new ApiError('NETWORK_ERROR', 0, 'network');
    }
    const body = await readBody(response);
    return handleResponse(response.status, response.ok, body) as T;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    done();
  }
}

type ReadOptions = Omit<RequestOptions, 'method' | 'body' | 'idempotencyKey'>;
type WriteOptions = Omit<RequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: ReadOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: WriteOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** Multipart upload with the upload timeout (300 s). */
  upload: <T>(path: string, form: FormData, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: form }),
};
