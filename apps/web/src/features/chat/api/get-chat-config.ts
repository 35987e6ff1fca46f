import { chatPaths, type TChatConfigResponse } from '@krapao/contracts/chat';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getChatConfig(signal?: AbortSignal): Promise<TChatConfigResponse> {
  return apiClient.get<TChatConfigResponse>(chatPaths.config, { signal, loader: false });
}

/** GET /api/chat/config: the PREFIX of the socket room. */
export const chatConfigQuery = () =>
  queryOptions({
    queryKey: ['chat', 'config'] as const,
    queryFn: ({ signal }) => getChatConfig(signal),
    staleTime: Infinity,
  });
