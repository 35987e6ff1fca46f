import { type TOpsTransferProviderAnswer, transfersPaths } from '@krapao/contracts/ops/transfers';
import { useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

/**
 * GET transfersPaths.providerAnswer: asks the provider now. Keyed outside the queue's key, so a live
 * reload of the queue does not call the provider again; asked afresh each time the dialog opens.
 */
export function useProviderAnswer(transferId: number) {
  return useQuery({
    queryKey: ['ops', 'transfer-answer', transferId],
    queryFn: ({ signal }) =>
      apiClient.get<TOpsTransferProviderAnswer>(buildUrl(transfersPaths.providerAnswer, { transferId }), signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
