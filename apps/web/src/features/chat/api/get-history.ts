import { chatPaths, type THistoryRequest, type THistoryResponse } from '@krapao/contracts/chat';
import { apiClient } from '../../../lib/api-client';
import { keepGuestProof } from '../lib/guest-proof';

/** POST /api/chat/history {userId, guestId, limit, skip}. Pages are read by the conversation hook. */
export async function getHistory(body: THistoryRequest, signal?: AbortSignal): Promise<THistoryResponse> {
  const page = await apiClient.post<THistoryResponse>(chatPaths.history, body, { signal, loader: false });
  keepGuestProof(page);
  return page;
}
