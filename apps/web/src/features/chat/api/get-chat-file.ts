import { chatPaths } from '@krapao/contracts/chat';
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@krapao/contracts/http-headers';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { env } from '../../../lib/env';
import { chatAuthHeaders } from './upload-file';

/** Uploaded files are served only to the conversation (token or guest id header), so an <img> cannot fetch them itself. */
export const isUploadPath = (url: string) => url.startsWith(`${chatPaths.files}/`);

export async function getChatFile(path: string, guestId: string | undefined, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(`${env.apiBase}${path}`, {
    headers: { [WALLET_USER_HEADER]: WALLET_USER_VALUE, ...chatAuthHeaders(guestId) },
    signal,
  });
  if (!response.ok) throw new ApiError(`HTTP_${response.status}`, response.status);
  return response.blob();
}

export const chatFileQuery = (path: string, guestId: string | undefined) =>
  queryOptions({
    queryKey: ['chat', 'file', path] as const,
    queryFn: ({ signal }) => getChatFile(path, guestId, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
