import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import type {
  TExclusionRequest,
  TLimitRef,
  TLimitRequest,
  TProtectionState,
  TSessionSummary,
} from '@krapao/contracts/protection';
import { protectionPaths } from '@krapao/contracts/protection-paths';
import type { TStatementResponse } from '@krapao/contracts/statement';
import { statementPaths } from '@krapao/contracts/statement-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/protection: limits with what they used, the exclusion in force, the reality check interval. */
export function getProtectionState(signal?: AbortSignal): Promise<TProtectionState> {
  return apiClient.get<TProtectionState>(protectionPaths.state, { signal, loader: false });
}

export const protectionStateQuery = () =>
  queryOptions({
    queryKey: ['protection', 'state'] as const,
    queryFn: ({ signal }) => getProtectionState(signal),
  });

/** Load errors are swallowed: screens that only read it (home, deposit offer) then show nothing extra. */
export function useProtectionState() {
  return useQuery(protectionStateQuery());
}

/** GET /api/protection/session: time and net result since sign-in (reality check). */
export function getSessionSummary(signal?: AbortSignal): Promise<TSessionSummary> {
  return apiClient.get<TSessionSummary>(protectionPaths.session, { signal, loader: false });
}

export type Answer = { message?: string };

export function putLimit(body: TLimitRequest, idempotencyKey: string): Promise<Answer> {
  return apiClient.put<Answer>(protectionPaths.limit, body, { idempotencyKey });
}

export function confirmLimit(body: TLimitRef, idempotencyKey: string): Promise<Answer> {
  return apiClient.post<Answer>(protectionPaths.confirm, body, { idempotencyKey });
}

export function cancelLimit(body: TLimitRef, idempotencyKey: string): Promise<Answer> {
  return apiClient.post<Answer>(protectionPaths.cancel, body, { idempotencyKey });
}

export function startExclusion(body: TExclusionRequest, idempotencyKey: string): Promise<Answer> {
  return apiClient.post<Answer>(protectionPaths.exclusion, body, { idempotencyKey });
}

export function putRealityCheck(body: { minutes: 0 | 30 | 60 }, idempotencyKey: string): Promise<Answer> {
  return apiClient.put<Answer>(protectionPaths.realityCheck, body, { idempotencyKey });
}

/**
 * Whether the member has deposited: the used amounts of the protection state, then the newest page of
 * the statement. Any failure counts as "has deposited", so the first-deposit offer stays away.
 */
export async function hasDeposited(state: TProtectionState, signal?: AbortSignal): Promise<boolean> {
  if (state.limits.some((limit) => limit.kind === 'DEPOSIT' && limit.used > 0)) return true;
  const page = await apiClient
    .post<TStatementResponse>(statementPaths.statement, { page: 1, limit: TABLE_PAGE_SIZE }, { signal, loader: false })
    .catch(() => null);
  return page === null || page.statements.some((entry) => entry.statementType === 'deposit');
}
