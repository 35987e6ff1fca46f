import { promotionsPaths, type TOpsBonusList } from '@krapao/contracts/ops/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const bonusesQueryKey = ['ops', 'bonuses'] as const;

export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: bonusesQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsBonusList>(promotionsPaths.bonuses, signal),
  });

export const useBonuses = () => useQuery(bonusesQueryOptions());
