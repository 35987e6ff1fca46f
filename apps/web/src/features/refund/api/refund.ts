import type { TBanner } from '@krapao/contracts/bonus';
import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import {
  refundPaths,
  type TRefundActionResponse,
  type TRefundCheck,
  type TRefundListResponse,
} from '@krapao/contracts/refund';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, apiRequest } from '../../../lib/api-client';

/** GET /api/refund/banners: shown before the refund modal when there are any. */
export function getRefundBanners(signal?: AbortSignal): Promise<TBanner[]> {
  return apiClient.get<TBanner[]>(refundPaths.banners, { signal });
}

/** GET /api/refund/check: what can be received or added now, and whether a bonus blocks it. */
export const refundCheckQuery = () =>
  queryOptions({
    queryKey: ['refund', 'check'] as const,
    queryFn: ({ signal }) => apiClient.get<TRefundCheck>(refundPaths.check, { signal }),
  });

export function useRefundCheck() {
  return useQuery(refundCheckQuery());
}

/** POST /api/refund {page, limit: 10}: the refund log, a read despite the POST. */
export function getRefunds(page: number, signal?: AbortSignal): Promise<TRefundListResponse> {
  return apiClient.post<TRefundListResponse>(refundPaths.list, { page, limit: TABLE_PAGE_SIZE }, { signal });
}

export const refundsQuery = (page: number) =>
  queryOptions({ queryKey: ['refund', 'list', page] as const, queryFn: ({ signal }) => getRefunds(page, signal) });

/** Load errors are swallowed: the log stays empty. */
export function useRefunds(page: number) {
  return useQuery({ ...refundsQuery(page), placeholderData: keepPreviousData });
}

export type RefundAction = 'receive' | 'addWallet';
const ACTION_PATHS: Record<RefundAction, string> = { receive: refundPaths.receive, addWallet: refundPaths.addWallet };

/** GET /api/refund/receive or /api/refund/addWallet: both move money, so one key per user action. */
export function runRefundAction(action: RefundAction, idempotencyKey: string): Promise<TRefundActionResponse> {
  return apiRequest<TRefundActionResponse>(ACTION_PATHS[action], { method: 'GET', idempotencyKey });
}

export function useRefundAction() {
  return useMutation({
    mutationFn: ({ action, idempotencyKey }: { action: RefundAction; idempotencyKey: string }) =>
      runRefundAction(action, idempotencyKey),
  });
}
