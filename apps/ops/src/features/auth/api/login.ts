import type { TOpsLoginRequest, TOpsSessionResponse } from '@krapao/contracts/ops/auth';
import { opsPaths } from '@krapao/contracts/ops/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** POST opsPaths.login: password and a TOTP code; the answer is the new session's staff member. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsLoginRequest) => apiClient.post<TOpsSessionResponse | null>(opsPaths.login, body),
    onSuccess: async (session) => {
      queryClient.removeQueries();
      if (session?.staff) queryClient.setQueryData(meQueryKey, session);
    },
  });
}
