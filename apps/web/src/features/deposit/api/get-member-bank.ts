import { accountPaths, type TProfileResponse } from '@krapao/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/account/profile (the same cache entry as the profile page): the member's registered bank
 * account, which decides the bank-name edit before a copy.
 */
export const memberProfileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'] as const,
    queryFn: ({ signal }) => apiClient.get<TProfileResponse>(accountPaths.profile, { signal, loader: false }),
  });
