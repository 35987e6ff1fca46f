import { membersPaths, type TMemberSearchPage } from '@krapao/contracts/ops/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

export const membersQueryKey = ['ops', 'members'] as const;

/** GET membersPaths.search: nothing is asked until there is a query. */
export const searchMembersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...membersQueryKey, 'search', q, page],
    queryFn: ({ signal }) => apiClient.get<TMemberSearchPage>(buildUrl(membersPaths.search, {}, { q, page }), signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const useSearchMembers = (q: string, page: number) => useQuery(searchMembersQueryOptions(q, page));
