import { bonusPaths, type TBonus } from '@krapao/contracts/bonus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { BONUS_KEY } from './bonus-keys';

/** GET /api/bonus: the bonus cards. */
export function getBonuses(signal?: AbortSignal): Promise<TBonus[]> {
  return apiClient.get<TBonus[] | null>(bonusPaths.list, { signal }).then((list) => list ?? []);
}

export const bonusesQuery = () =>
  queryOptions({ queryKey: [...BONUS_KEY, 'list'] as const, queryFn: ({ signal }) => getBonuses(signal) });

/** A failed load is silent: the grid stays empty. */
export function useBonuses() {
  return useQuery(bonusesQuery());
}
