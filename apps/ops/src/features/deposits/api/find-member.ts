import { depositsPaths, type TOpsDepositMember } from '@krapao/contracts/ops/deposits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { depositsQueryKey } from './list-deposits';

/** GET depositsPaths.member: the one member a phone (username) or member id names, with their context. */
export const depositMemberQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...depositsQueryKey, 'member', q],
    queryFn: ({ signal }) => apiClient.get<TOpsDepositMember>(buildUrl(depositsPaths.member, {}, { q }), signal),
    enabled: q !== '',
    retry: false,
  });

export const useDepositMember = (q: string) => useQuery(depositMemberQueryOptions(q));
