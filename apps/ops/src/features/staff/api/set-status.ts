import { opsPaths } from '@krapao/contracts/ops/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

type SetStatus = { staffId: number; enable: boolean; reason: string };

/** POST opsPaths.staffDisable or opsPaths.staffEnable, with a reason. */
export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, enable, reason }: SetStatus) =>
      apiClient.post<unknown>(buildUrl(enable ? opsPaths.staffEnable : opsPaths.staffDisable, { staffId }), {
        reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
