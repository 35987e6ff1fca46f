import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Spec §7; the spin issue owns the rest of /api/spinwheel. */
export const SPIN_ACTIVE_PATH = '/api/spinwheel/active';

export type SpinActive = { isActive: boolean };

/** Any failure means the spin feature is off: home then shows refresh-all in its place. */
export function getSpinActive(signal?: AbortSignal): Promise<SpinActive> {
  return apiClient
    .get<Partial<SpinActive> | null>(SPIN_ACTIVE_PATH, { signal, loader: false })
    .then((answer) => ({ isActive: answer?.isActive === true }))
    .catch(() => ({ isActive: false }));
}

export const spinActiveQuery = () =>
  queryOptions({ queryKey: ['spinwheel', 'active'] as const, queryFn: ({ signal }) => getSpinActive(signal) });

export function useSpinActive() {
  return useQuery(spinActiveQuery());
}
