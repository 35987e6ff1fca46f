// Multipart uploads with a progress bar (UPLOAD_TIMEOUT_MS: 300 s). XMLHttpRequest because fetch
// reports no upload progress; the headers are the API client's (bearer token, wallet-user marker,
// Idempotency-Key) and the answer goes through its one response handler (gone, invalid-token).
import { UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER, WALLET_USER_VALUE } from '@krapao/contracts/http-headers';
import { handleResponse } from './api-client';
import { ApiError } from './api-error';
import { env } from './env';
import { getToken } from './storage';

export type UploadOptions = {
  /** One key per user action; a retry of the same upload reuses it. */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** 0..1 as the request body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Who the upload speaks for; the bearer token when absent (the chat sends a guest id instead). */
  authHeaders?: Record<string, string>;
};

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBase}${path}`);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(WALLET_USER_HEADER, WALLET_USER_VALUE);
    const token = getToken();
    const auth = options.authHeaders ?? (token ? { Authorization: `Bearer ${token}` } : {});
    for (const [name, value] of Object.entries(auth)) xhr.setRequestHeader(name, value);
    if (options.idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_HEADER, options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const ok = xhr.status >= 200 && xhr.status < 300;
        resolve(handleResponse(xhr.status, ok, parse(xhr.responseText)) as T);
      } catch (err) {
        reject(err);
      }
    };
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 0, 'timeout'));
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0, 'network'));
    xhr.onabort = () => reject(new ApiError('NETWORK_ERROR', 0, 'network'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
