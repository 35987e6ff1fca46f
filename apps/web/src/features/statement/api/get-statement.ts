import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import type { TStatementResponse } from '@krapao/contracts/statement';
import { statementPaths } from '@krapao/contracts/statement-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useLiveReload } from '../../../lib/member-live';

/** POST /api/statement {page, limit}: a read, so a query despite the POST. */
export function getStatement(page: number, signal?: AbortSignal): Promise<TStatementResponse> {
  return apiClient.post<TStatementResponse>(statementPaths.statement, { page, limit: TABLE_PAGE_SIZE }, { signal });
}

export const statementQuery = (page: number) =>
  queryOptions({ queryKey: ['statement', page] as const, queryFn: ({ signal }) => getStatement(page, signal) });

/** Load errors are swallowed: the list simply stays empty. A live money event reads the page again. */
export function useStatement(page: number) {
  const query = useQuery({ ...statementQuery(page), placeholderData: keepPreviousData });
  const { refetch } = query;
  useLiveReload(() => void refetch());
  return query;
}
