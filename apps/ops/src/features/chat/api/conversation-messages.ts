import { chatOpsPaths, type TOpsChatMessage, type TOpsChatMessages } from '@krapao/contracts/ops/chat';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { chatQueryKey } from './list-conversations';
import { singleFlight } from './single-flight';

export const MESSAGES_PAGE = 30;

/**
 * GET chatOpsPaths.messages a page at a time, the newest page first (reading it clears the unread
 * count); older pages by cursor.
 */
export const messagesQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: [...chatQueryKey, 'messages', conversationId],
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TOpsChatMessages) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam, signal }) => {
      const url = buildUrl(chatOpsPaths.messages, { conversationId }, { limit: MESSAGES_PAGE, before: pageParam });
      return pageParam === undefined
        ? apiClient.get<TOpsChatMessages>(url, signal)
        : singleFlight(url, () => apiClient.get<TOpsChatMessages>(url));
    },
  });

/** The loaded messages oldest first: the older pages come later in `pages`. */
export const messagesOf = (data: InfiniteData<TOpsChatMessages>): TOpsChatMessage[] =>
  [...data.pages].reverse().flatMap((page) => page.messages);

export const useConversationMessages = (conversationId: number) =>
  useInfiniteQuery(messagesQueryOptions(conversationId));
