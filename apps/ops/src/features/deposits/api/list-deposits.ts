import { depositsPaths, type TOpsDepositList } from '@krapao/contracts/ops/deposits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every query of the queue starts with it: the live channel reloads them all at once. */
export const depositsQueryKey = ['ops', 'deposits'] as const;

/** GET depositsPaths.list: lines no member was credited with, oldest first. */
export const depositsQueryOptions = () =>
  queryOptions({
    queryKey: [...depositsQueryKey, 'list'],
    queryFn: ({ signal }) => apiClient.get<TOpsDepositList>(depositsPaths.list, signal),
  });

export const useDeposits = () => useQuery(depositsQueryOptions());
