import { opsPaths } from '@krapao/contracts/ops/paths';
import type { TStaffEnrolLink } from '@krapao/contracts/ops/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

/** POST opsPaths.staffReEnrol: a new one-time link; the old password and TOTP secret stop working. */
export function useReEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, reason }: { staffId: number; reason: string }) =>
      apiClient.post<TStaffEnrolLink>(buildUrl(opsPaths.staffReEnrol, { staffId }), { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
