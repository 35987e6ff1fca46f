import { membersPaths, type TMemberPage } from '@krapao/contracts/ops/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { membersQueryKey } from './search-members';

export const memberQueryKey = (memberId: number) => [...membersQueryKey, memberId] as const;

/** GET membersPaths.member: profile, bank account, balances. */
export const memberQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: memberQueryKey(memberId),
    queryFn: ({ signal }) => apiClient.get<TMemberPage>(buildUrl(membersPaths.member, { memberId }), signal),
  });

export const useMember = (memberId: number) => useQuery(memberQueryOptions(memberId));
