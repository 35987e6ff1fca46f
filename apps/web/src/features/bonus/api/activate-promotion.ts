import { bonusPath } from '@krapao/contracts/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BONUS_KEY } from './bonus-keys';

/** GET /api/promotion/activate/{code}: a truthy answer means success; a mutation with a key. */
export function activatePromotion(code: string, idempotencyKey: string): Promise<boolean> {
  return apiRequest<unknown>(bonusPath.promotionActivate(code), { method: 'GET', idempotencyKey }).then(Boolean);
}

export type ActivatePromotionVariables = { code: string; idempotencyKey: string };

export function useActivatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, idempotencyKey }: ActivatePromotionVariables) => activatePromotion(code, idempotencyKey),
    // Not awaited: the caller's own callbacks run before the refetch swaps the panel that made the call.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BONUS_KEY });
    },
  });
}
