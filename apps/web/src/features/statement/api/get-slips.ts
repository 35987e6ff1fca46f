import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import type { TSlipListResponse, TSlipReferenceResponse } from '@krapao/contracts/statement';
import { statementPath, statementPaths } from '@krapao/contracts/statement-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useLiveReload } from '../../../lib/member-live';

/** POST /api/statement/slip {page, limit: 10}: a read, so a query despite the POST. */
export function getSlips(page: number, signal?: AbortSignal): Promise<TSlipListResponse> {
  return apiClient.post<TSlipListResponse>(statementPaths.slip, { page, limit: TABLE_PAGE_SIZE }, { signal });
}

export const slipsQuery = (page: number) =>
  queryOptions({ queryKey: ['statement', 'slips', page] as const, queryFn: ({ signal }) => getSlips(page, signal) });

/** Load errors are swallowed: the table simply stays empty. A live money event reads the page again. */
export function useSlips(page: number) {
  const query = useQuery({ ...slipsQuery(page), placeholderData: keepPreviousData });
  const { refetch } = query;
  useLiveReload(() => void refetch());
  return query;
}

/** GET /api/statement/slip/reference/{reference}: a short-lived url of the slip image. */
export function getSlipReference(reference: string): Promise<TSlipReferenceResponse> {
  return apiClient.get<TSlipReferenceResponse>(statementPath.slipReference(reference));
}
