import { SLIP_IMAGE_LINK_MINUTES, slipsPaths, type TOpsSlipList } from '@krapao/contracts/ops/slips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every query of the queue starts with it: the live channel reloads them all at once. */
export const slipsQueryKey = ['ops', 'slips'] as const;

/** GET slipsPaths.list: the slips waiting for a person, oldest first, with their member. */
export const slipsQueryOptions = () =>
  queryOptions({
    queryKey: slipsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsSlipList>(slipsPaths.list, signal),
    // The image links expire: a fresh list brings fresh ones before they do.
    refetchInterval: (SLIP_IMAGE_LINK_MINUTES / 2) * 60_000,
  });

export const useSlips = () => useQuery(slipsQueryOptions());
