import { chatOpsPaths, type TOpsChatMessages } from '@krapao/contracts/ops/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { chatQueryKey } from './list-conversations';

/** GET chatOpsPaths.messages: the latest page, oldest first; reading it clears the unread count. */
export const messagesQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: [...chatQueryKey, 'messages', conversationId],
    queryFn: ({ signal }) =>
      apiClient.get<TOpsChatMessages>(buildUrl(chatOpsPaths.messages, { conversationId }, { limit: 50 }), signal),
  });

export const useConversationMessages = (conversationId: number) => useQuery(messagesQueryOptions(conversationId));
