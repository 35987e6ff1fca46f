import {
  promotionsPaths,
  type TOpsPromotionCode,
  type TOpsPromotionCodeCreate,
} from '@krapao/contracts/ops/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { promotionCodesQueryKey } from './list-promotion-codes';

/** POST promotionsPaths.codes. */
export function useCreatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsPromotionCodeCreate) => apiClient.post<TOpsPromotionCode>(promotionsPaths.codes, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionCodesQueryKey }),
  });
}
