import { opsPaths } from '@krapao/contracts/ops/paths';
import type { TStaffList } from '@krapao/contracts/ops/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const staffQueryKey = ['ops', 'staff'] as const;

export const staffListQueryOptions = () =>
  queryOptions({
    queryKey: staffQueryKey,
    queryFn: ({ signal }) => apiClient.get<TStaffList>(opsPaths.staff, signal),
  });

export const useStaffList = () => useQuery(staffListQueryOptions());
