// POST /api/chat/upload-image | upload-video, multipart with one `file` part, with the
// upload timeout and a progress bar (docs/decisions/014), through the one upload helper.
import { CHAT_GUEST_HEADER, chatPaths, type TUploadResponse } from '@krapao/contracts/chat';
import { getToken } from '../../../lib/storage';
import { uploadWithProgress } from '../../../lib/upload';

export type UploadKind = 'image' | 'video';

/** Who a request without a JSON body speaks for: the token, else the guest id header. */
export function chatAuthHeaders(guestId: string | undefined): Record<string, string> {
  const token = getToken();
  if (token) return { Authorization: `Bearer ${token}` };
  return guestId ? { [CHAT_GUEST_HEADER]: guestId } : {};
}

export function uploadFile(
  kind: UploadKind,
  file: File,
  opts: { guestId?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<TUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<TUploadResponse>(kind === 'image' ? chatPaths.uploadImage : chatPaths.uploadVideo, form, {
    authHeaders: chatAuthHeaders(opts.guestId),
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
}
