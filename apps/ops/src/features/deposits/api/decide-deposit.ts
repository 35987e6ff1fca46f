import { depositsPaths, type TOpsDepositDecided } from '@krapao/contracts/ops/deposits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { depositsQueryKey } from './list-deposits';

type Vars = { id: number; reason: string } & ({ decision: 'assign'; memberId: number } | { decision: 'reject' });

/** POST an assignment (credits the member) or a rejection, with its reason; the queue reloads. */
export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) =>
      apiClient.post<TOpsDepositDecided>(
        buildUrl(depositsPaths[vars.decision], { reviewId: vars.id }),
        vars.decision === 'assign' ? { memberId: vars.memberId, reason: vars.reason } : { reason: vars.reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
  });
}
