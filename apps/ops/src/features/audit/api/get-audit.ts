// GET opsPaths.audit: newest first, one page at a time; `nextBeforeSeq` asks for the older ones.
import type { TAuditPage } from '@krapao/contracts/ops/audit';
import { opsPaths } from '@krapao/contracts/ops/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

export type AuditFilters = { memberId?: number; staffId?: number; objectType?: string; objectId?: string };
export const AUDIT_PAGE_SIZE = 50;

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['ops', 'audit', filters],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<TAuditPage>(
        buildUrl(opsPaths.audit, {}, { ...filters, beforeSeq: pageParam, limit: AUDIT_PAGE_SIZE }),
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeSeq ?? undefined,
  });

export const useAuditPages = (filters: AuditFilters) => useInfiniteQuery(auditQueryOptions(filters));
