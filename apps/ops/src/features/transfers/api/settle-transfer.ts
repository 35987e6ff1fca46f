import { type TOpsTransferDecided, type TransferOutcome, transfersPaths } from '@krapao/contracts/ops/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { transfersQueryKey } from './list-transfers';

/** POST reconcile: settles it now from the provider's answer, as the reconciler would; the queue reloads. */
export function useReconcileTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) =>
      apiClient.post<TOpsTransferDecided>(buildUrl(transfersPaths.reconcile, { transferId: id }), {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersQueryKey }),
  });
}

/** POST settle: by hand, with the outcome staff assert and their reason; the queue reloads. */
export function useSettleTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, reason }: { id: number; outcome: TransferOutcome; reason: string }) =>
      apiClient.post<TOpsTransferDecided>(buildUrl(transfersPaths.settle, { transferId: id }), { outcome, reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersQueryKey }),
  });
}
