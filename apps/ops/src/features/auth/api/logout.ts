import { opsPaths } from '@krapao/contracts/ops/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST opsPaths.logout (this browser) or opsPaths.logoutAll (every session of this staff member). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => apiClient.post<unknown>(everywhere ? opsPaths.logoutAll : opsPaths.logout),
    onSettled: () => queryClient.removeQueries(),
  });
}
