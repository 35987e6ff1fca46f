import { opsProtectionPaths, type TProtectionReport } from '@krapao/contracts/ops/protection';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';
import { protectionQueryKey } from './get-member-protection';

/** The range as ISO instants; absent: the server's default (the last 7 days). */
export type ReportQuery = { from?: string; to?: string; page: number };

/** GET opsProtectionPaths.report. */
export const protectionReportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...protectionQueryKey, 'report', query],
    queryFn: ({ signal }) => apiClient.get<TProtectionReport>(buildUrl(opsProtectionPaths.report, {}, query), signal),
    placeholderData: keepPreviousData,
  });

export const useProtectionReport = (query: ReportQuery) => useQuery(protectionReportQueryOptions(query));
