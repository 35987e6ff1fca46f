import { chatOpsPaths, type TOpsChatList } from '@krapao/contracts/ops/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

/** Every query of the inbox starts with it: the live channel's `chat` queue reloads them all at once. */
export const chatQueryKey = ['ops', 'chat'] as const;

/** GET chatOpsPaths.list: conversations, the latest message first, with their unread count. */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: [...chatQueryKey, 'list'],
    queryFn: ({ signal }) => apiClient.get<TOpsChatList>(buildUrl(chatOpsPaths.list, {}, { limit: 100 }), signal),
  });

export const useConversations = () => useQuery(conversationsQueryOptions());
