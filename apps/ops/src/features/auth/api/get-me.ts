// GET opsPaths.me: who is signed in, with the permissions of their role. The shell asks once; sign-in
// and enrolment fill it in.
import type { TOpsSessionResponse } from '@krapao/contracts/ops/auth';
import { opsPaths } from '@krapao/contracts/ops/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const meQueryKey = ['ops', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsSessionResponse>(opsPaths.me, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useMe = () => useQuery(meQueryOptions());
