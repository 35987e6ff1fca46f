import type { TSpinSetup } from '@krapao/contracts/spin';
import { spinPaths } from '@krapao/contracts/spin-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/spinwheel/setup: the active wheel (or null) and the member's coins. */
export function getSpinSetup(signal?: AbortSignal): Promise<TSpinSetup> {
  return apiClient.get<TSpinSetup>(spinPaths.setup, { signal });
}

export const spinSetupKey = ['spinwheel', 'setup'] as const;

export const spinSetupQuery = () =>
  queryOptions({ queryKey: spinSetupKey, queryFn: ({ signal }) => getSpinSetup(signal) });

export function useSpinSetup() {
  return useQuery(spinSetupQuery());
}
