// POST /api/chat/upload-image | upload-video, multipart with one `file` part (spec §7), with the
// upload timeout. XMLHttpRequest because fetch reports no upload progress, and the chat shows a
// progress bar (docs/decisions/014); the answer goes through the API client's one response handler.
import { CHAT_GUEST_HEADER, chatPaths, type TUploadResponse } from '@krapao/contracts/chat';
import { UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@krapao/contracts/http';
import { handleResponse } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { env } from '../../../lib/env';
import { getToken } from '../../../lib/storage';

export type UploadKind = 'image' | 'video';

/** Who a request without a JSON body speaks for: the token, else the guest id header. */
export function chatAuthHeaders(guestId: string | undefined): Record<string, string> {
  const token = getToken();
  if (token) return { Authorization: `Bearer ${token}` };
  return guestId ? { [CHAT_GUEST_HEADER]: guestId } : {};
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export function uploadFile(
  kind: UploadKind,
  file: File,
  opts: { guestId?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<TUploadResponse> {
  const url = `${env.apiBase}${kind === 'image' ? chatPaths.uploadImage : chatPaths.uploadVideo}`;
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(WALLET_USER_HEADER, WALLET_USER_VALUE);
    for (const [name, value] of Object.entries(chatAuthHeaders(opts.guestId))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const ok = xhr.status >= 200 && xhr.status < 300;
        resolve(handleResponse(xhr.status, ok, parse(xhr.responseText)) as TUploadResponse);
      } catch (err) {
        reject(err);
      }
    };
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 0, 'timeout'));
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0, 'network'));
    xhr.onabort = () => reject(new ApiError('NETWORK_ERROR', 0, 'network'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
