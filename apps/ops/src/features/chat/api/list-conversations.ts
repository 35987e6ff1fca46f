import { chatOpsPaths, type TOpsChatConversation, type TOpsChatList } from '@krapao/contracts/ops/chat';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { singleFlight } from './single-flight';

/** Every query of the inbox starts with it: the live channel's `chat` queue reloads them all at once. */
export const chatQueryKey = ['ops', 'chat'] as const;
export const CONVERSATIONS_PAGE = 30;

/** GET chatOpsPaths.list a page at a time: the latest message first, with unread counts. */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...chatQueryKey, 'list'],
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TOpsChatList) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam, signal }) => {
      const url = buildUrl(chatOpsPaths.list, {}, { limit: CONVERSATIONS_PAGE, before: pageParam });
      // A later page is loaded once however often it is asked for; the first reloads with the inbox.
      return pageParam === undefined
        ? apiClient.get<TOpsChatList>(url, signal)
        : singleFlight(url, () => apiClient.get<TOpsChatList>(url));
    },
  });

/** The loaded pages as one list: a conversation that moved up while paging shows once, where it is now. */
export function conversationsOf(data: InfiniteData<TOpsChatList> | undefined): TOpsChatConversation[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((c) => {
      if (seen.has(c.id)) return false;
      seen.add(c.id);
      return true;
    });
}

export const useConversations = () => useInfiniteQuery(conversationsQueryOptions());
