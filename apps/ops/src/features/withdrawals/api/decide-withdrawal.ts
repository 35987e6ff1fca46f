import {
  type TOpsBulkApproveResult,
  type TOpsWithdrawalDecided,
  withdrawalsPaths,
} from '@krapao/contracts/ops/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { withdrawalsQueryKey } from './list-withdrawals';

export type Decision = 'approve' | 'reject' | 'markPaid';

type Vars = { id: number; decision: Decision; reason: string; bankRef?: string };

/** POST one decision with its reason (and the bank's reference for mark-paid); the queue reloads. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason, bankRef }: Vars) =>
      apiClient.post<TOpsWithdrawalDecided>(buildUrl(withdrawalsPaths[decision], { withdrawalId: id }), {
        // An approval's reason is optional.
        ...(reason || decision !== 'approve' ? { reason } : {}),
        ...(decision === 'markPaid' ? { bankRef } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
  });
}

/** POST the selected ids with the staff member's current TOTP code; answers per id. */
export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; code: string }) =>
      apiClient.post<TOpsBulkApproveResult>(withdrawalsPaths.bulkApprove, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
  });
}
