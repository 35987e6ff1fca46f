import { opsPaths } from '@krapao/contracts/ops/paths';
import type { StaffRole } from '@krapao/contracts/ops/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

type ChangeRole = { staffId: number; role: StaffRole; reason: string };

/** POST opsPaths.staffRole, with the reason the audit trail keeps. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, role, reason }: ChangeRole) =>
      apiClient.post<unknown>(buildUrl(opsPaths.staffRole, { staffId }), { role, reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
