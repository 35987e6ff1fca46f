// The one-time enrolment link: GET shows the TOTP secret, POST sets the password with the first code
// and signs the staff member in.
import type { TOpsEnrolInfo, TOpsEnrolRequest, TOpsSessionResponse } from '@krapao/contracts/ops/auth';
import { opsPaths } from '@krapao/contracts/ops/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export const enrolInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['ops', 'enrol', token],
    queryFn: ({ signal }) => apiClient.get<TOpsEnrolInfo>(buildUrl(opsPaths.enrol, { token }), signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useEnrolInfo = (token: string) => useQuery(enrolInfoQueryOptions(token));

export function useEnrol(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsEnrolRequest) =>
      apiClient.post<TOpsSessionResponse | null>(buildUrl(opsPaths.enrol, { token }), body),
    onSuccess: (session) => {
      queryClient.removeQueries();
      if (session?.staff) queryClient.setQueryData(meQueryKey, session);
    },
  });
}
