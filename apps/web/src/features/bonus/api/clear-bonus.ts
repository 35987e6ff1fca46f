import { bonusPaths } from '@krapao/contracts/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BONUS_KEY } from './bonus-keys';

export type BonusClearResponse = { message: string; takenBack?: number };

/** GET /api/bonus/clear: cancels the active condition; its message is shown as a toast. */
export function clearBonus(idempotencyKey: string): Promise<BonusClearResponse> {
  return apiRequest<BonusClearResponse>(bonusPaths.clear, { method: 'GET', idempotencyKey });
}

export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => clearBonus(idempotencyKey),
    // Not awaited: the caller's own callbacks run before the refetch swaps the panel that made the call.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BONUS_KEY });
    },
  });
}
