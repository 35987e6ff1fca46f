import { spinPaths } from '@krapao/contracts/spin-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type SpinActive = { isActive: boolean };

/** GET /api/spinwheel/active. Any failure means the spin feature is off: home then shows refresh-all in its place. */
export function getSpinActive(signal?: AbortSignal): Promise<SpinActive> {
  return apiClient
    .get<Partial<SpinActive> | null>(spinPaths.active, { signal, loader: false })
    .then((answer) => ({ isActive: answer?.isActive === true }))
    .catch(() => ({ isActive: false }));
}

export const spinActiveQuery = () =>
  queryOptions({ queryKey: ['spinwheel', 'active'] as const, queryFn: ({ signal }) => getSpinActive(signal) });

export function useSpinActive() {
  return useQuery(spinActiveQuery());
}
