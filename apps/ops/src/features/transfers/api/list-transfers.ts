import { type TOpsTransferList, transfersPaths } from '@krapao/contracts/ops/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every query of the queue starts with it: the live channel reloads them all at once. */
export const transfersQueryKey = ['ops', 'transfers'] as const;

/** GET transfersPaths.list: transfers stuck PENDING or UNKNOWN, oldest first, with their member and game. */
export const transfersQueryOptions = () =>
  queryOptions({
    queryKey: [...transfersQueryKey, 'list'],
    queryFn: ({ signal }) => apiClient.get<TOpsTransferList>(transfersPaths.list, signal),
  });

export const useTransfers = () => useQuery(transfersQueryOptions());
