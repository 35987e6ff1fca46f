import { bonusPaths, type TActiveBonusCheck } from '@krapao/contracts/bonus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { BONUS_KEY } from './bonus-keys';

/** GET /api/bonus/check/active: status, type and the live progress of the condition. */
export function getActiveBonus(signal?: AbortSignal): Promise<TActiveBonusCheck> {
  return apiClient.get<TActiveBonusCheck>(bonusPaths.checkActive, { signal });
}

export const activeBonusQuery = () =>
  queryOptions({ queryKey: [...BONUS_KEY, 'active'] as const, queryFn: ({ signal }) => getActiveBonus(signal) });

/** A failed load is silent: neither the active panel nor the code field shows. */
export function useActiveBonus() {
  return useQuery(activeBonusQuery());
}
