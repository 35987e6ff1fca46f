import { accountPaths, type TProfileResponse } from '@krapao/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getProfile(signal?: AbortSignal): Promise<TProfileResponse> {
  return apiClient.get<TProfileResponse>(accountPaths.profile, { signal });
}

export const profileQuery = () =>
  queryOptions({ queryKey: ['account', 'profile'] as const, queryFn: ({ signal }) => getProfile(signal) });

/** Load errors are swallowed: the page simply shows no data. */
export function useProfile() {
  return useQuery(profileQuery());
}
