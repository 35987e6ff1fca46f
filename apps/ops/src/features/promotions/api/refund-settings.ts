import {
  promotionRulesPaths,
  type TOpsRefundRulesChange,
  type TOpsRefundSettings,
} from '@krapao/contracts/ops/promotions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const refundSettingsQueryKey = ['ops', 'promotion-rules', 'refund'] as const;

export const refundSettingsQueryOptions = () =>
  queryOptions({
    queryKey: refundSettingsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsRefundSettings>(promotionRulesPaths.refund, signal),
  });

export const useRefundSettings = () => useQuery(refundSettingsQueryOptions());

/** POST promotionRulesPaths.refund: the cashback settings, with a reason. */
export function useChangeRefundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpsRefundRulesChange) => apiClient.post<TOpsRefundSettings>(promotionRulesPaths.refund, body),
    onSuccess: (data) => queryClient.setQueryData(refundSettingsQueryKey, data),
  });
}
