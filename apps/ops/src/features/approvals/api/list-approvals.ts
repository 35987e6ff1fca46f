import { approvalsPaths, type TApprovalList } from '@krapao/contracts/ops/approvals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const approvalsQueryKey = ['ops', 'approvals'] as const;

/** GET approvalsPaths.list: the pending requests, newest first. */
export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: approvalsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TApprovalList>(approvalsPaths.list, signal),
  });

export const useApprovals = () => useQuery(approvalsQueryOptions());
