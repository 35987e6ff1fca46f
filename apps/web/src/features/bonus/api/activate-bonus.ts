import { bonusPath, type TUserBonusRecord } from '@krapao/contracts/bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BONUS_KEY } from './bonus-keys';

/** GET /api/bonus/activate/{code}: a GET on the wire, a mutation here, with its key. */
export function activateBonus(code: string, idempotencyKey: string): Promise<TUserBonusRecord> {
  return apiRequest<TUserBonusRecord>(bonusPath.activate(code), { method: 'GET', idempotencyKey });
}

export type ActivateBonusVariables = { code: string; idempotencyKey: string };

/** After any answer the cards and the active panel load again. */
export function useActivateBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, idempotencyKey }: ActivateBonusVariables) => activateBonus(code, idempotencyKey),
    // Not awaited: the caller's own callbacks run before the refetch swaps the panel that made the call.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BONUS_KEY });
    },
  });
}
