import { promotionsPaths, type TOpsBonus, type TOpsBonusCreate } from '@krapao/contracts/ops/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { bonusesQueryKey } from './list-bonuses';

/** POST promotionsPaths.bonuses (a new bonus) or promotionsPaths.bonus (its rules changed). */
export function useSaveBonus(editing: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsBonusCreate) => {
      if (editing === null) return apiClient.post<TOpsBonus>(promotionsPaths.bonuses, body);
      const { code: _code, currency: _currency, ...rules } = body;
      return apiClient.post<TOpsBonus>(promotionsPaths.bonus.replace(':code', encodeURIComponent(editing)), rules);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
  });
}
