// The console's one HTTP client: same-origin cookies, JSON, a timeout, the CSRF header on every call
// that changes something, and the trip to the sign-in page when the session has ended.
import { REQUEST_TIMEOUT_MS } from '@krapao/contracts/constants';
import { OPS_CSRF_HEADER } from '@krapao/contracts/ops/paths';
import { ApiError } from './api-error';
import { csrfToken } from './csrf';
import { navigateTo } from './navigation';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const LOGIN_PATH = '/login';
export const SIGNED_OUT = 'OPS_SIGNED_OUT';

type RequestOptions = { method?: Method; body?: unknown; signal?: AbortSignal; query?: Record<string, unknown> };

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

/** `path` with its `:name` parts filled in and the defined query values appended. */
export function buildUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, unknown> = {},
) {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (method !== 'GET') headers.set(OPS_CSRF_HEADER, csrfToken() ?? '');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw new ApiError('TIMEOUT', 0, 'timeout');
      if (outer?.aborted) throw err;
      throw new ApiError('NETWORK_ERROR', 0, 'network');
    }
    const body = await readBody(response);
    if (response.ok) return body as T;
    const message = messageOf(body) ?? `HTTP_${response.status}`;
    if (message === SIGNED_OUT) navigateTo(LOGIN_PATH);
    throw new ApiError(message, response.status);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

export const apiClient = {
  get: <T>(url: string, signal?: AbortSignal) => apiRequest<T>(url, { signal }),
  post: <T>(url: string, body?: unknown) => apiRequest<T>(url, { method: 'POST', body: body ?? {} }),
};
