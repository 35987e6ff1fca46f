import { type TOpsWithdrawalList, withdrawalsPaths } from '@krapao/contracts/ops/withdrawals';
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

/** Every query of the queue starts with it: the live channel reloads them all at once. */
export const withdrawalsQueryKey = ['ops', 'withdrawals'] as const;

/** GET withdrawalsPaths.list: withdrawals of one status, oldest first, with their member. */
export const withdrawalsQueryOptions = (status: WithdrawalStatus) =>
  queryOptions({
    queryKey: [...withdrawalsQueryKey, status],
    queryFn: ({ signal }) => apiClient.get<TOpsWithdrawalList>(buildUrl(withdrawalsPaths.list, {}, { status }), signal),
  });

export const useWithdrawals = (status: WithdrawalStatus) => useQuery(withdrawalsQueryOptions(status));
