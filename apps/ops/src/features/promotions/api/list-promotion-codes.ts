import { promotionsPaths, type TOpsPromotionCodeList } from '@krapao/contracts/ops/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const promotionCodesQueryKey = ['ops', 'promotion-codes'] as const;

export const promotionCodesQueryOptions = () =>
  queryOptions({
    queryKey: promotionCodesQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsPromotionCodeList>(promotionsPaths.codes, signal),
  });

export const usePromotionCodes = () => useQuery(promotionCodesQueryOptions());
