import { accountPaths, type TProfileResponse } from '@krapao/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A signed-in member chats as their profile _id (decision 010); the token is what the server trusts. */
export function getChatUserId(signal?: AbortSignal): Promise<string> {
  return apiClient
    .get<TProfileResponse>(accountPaths.profile, { signal, loader: false })
    .then(({ profile }) => profile._id);
}

export const chatUserIdQuery = (token: string) =>
  queryOptions({
    queryKey: ['chat', 'user-id', token] as const,
    queryFn: ({ signal }) => getChatUserId(signal),
    staleTime: Infinity,
  });
