import { slipsPaths, type TOpsSlipCredit, type TOpsSlipDecided } from '@krapao/contracts/ops/slips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { slipsQueryKey } from './list-slips';

export type SlipDecision = 'credit' | 'reject';

type Vars =
  | { id: number; decision: 'credit'; body: TOpsSlipCredit }
  | { id: number; decision: 'reject'; body: { reason: string } };

/** POST a hand credit (amount, bank transfer, reason) or a rejection (reason); the queue reloads. */
export function useDecideSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, body }: Vars) =>
      apiClient.post<TOpsSlipDecided>(buildUrl(slipsPaths[decision], { slipId: id }), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slipsQueryKey }),
  });
}
