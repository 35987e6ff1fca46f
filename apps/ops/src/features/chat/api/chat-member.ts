import { chatOpsPaths, type TOpsChatMember } from '@krapao/contracts/ops/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { chatQueryKey } from './list-conversations';

/** GET chatOpsPaths.member: the member's wallet, context, latest deposits and slips. */
export const chatMemberQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: [...chatQueryKey, 'member', conversationId],
    queryFn: ({ signal }) => apiClient.get<TOpsChatMember>(buildUrl(chatOpsPaths.member, { conversationId }), signal),
  });

export const useChatMember = (conversationId: number, isMember: boolean) =>
  useQuery({ ...chatMemberQueryOptions(conversationId), enabled: isMember });
