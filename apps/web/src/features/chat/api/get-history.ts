import { chatPaths, type THistoryRequest, type THistoryResponse } from '@krapao/contracts/chat';
import { apiClient } from '../../../lib/api-client';

/** POST /api/chat/history {userId, guestId, limit, skip} (spec §7). Pages are read by the conversation hook. */
export function getHistory(body: THistoryRequest, signal?: AbortSignal): Promise<THistoryResponse> {
  return apiClient.post<THistoryResponse>(chatPaths.history, body, { signal, loader: false });
}
