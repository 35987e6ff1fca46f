import { promotionsPaths, type TOpsPromotionCode } from '@krapao/contracts/ops/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { promotionCodesQueryKey } from './list-promotion-codes';

/** POST promotionsPaths.disableCode: the code can no longer be found or used. */
export function useDisablePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) =>
      apiClient.post<TOpsPromotionCode>(promotionsPaths.disableCode.replace(':code', encodeURIComponent(code)), {
        reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionCodesQueryKey }),
  });
}
