import { opsPaths } from '@krapao/contracts/ops/paths';
import type { TStaffCreateRequest, TStaffEnrolLink } from '@krapao/contracts/ops/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';

/** POST opsPaths.staff: the new account and its one-time enrolment link. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStaffCreateRequest) => apiClient.post<TStaffEnrolLink>(opsPaths.staff, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
