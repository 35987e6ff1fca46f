import type { TBanner } from '@krapao/contracts/bonus';
import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import { invitePaths, type TInviteBonusResponse, type TInviteListResponse } from '@krapao/contracts/invite';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, apiRequest } from '../../../lib/api-client';

/** GET /api/invite/banners: shown before the invite modal when there are any. */
export function getInviteBanners(signal?: AbortSignal): Promise<TBanner[]> {
  return apiClient.get<TBanner[]>(invitePaths.banners, { signal });
}

/** POST /api/invite {page, limit: 10}: a read, so a query despite the POST. */
export function getInvites(page: number, signal?: AbortSignal): Promise<TInviteListResponse> {
  return apiClient.post<TInviteListResponse>(invitePaths.list, { page, limit: TABLE_PAGE_SIZE }, { signal });
}

export const invitesQuery = (page: number) =>
  queryOptions({ queryKey: ['invite', 'list', page] as const, queryFn: ({ signal }) => getInvites(page, signal) });

/** Load errors are swallowed: the table stays empty. */
export function useInvites(page: number) {
  return useQuery({ ...invitesQuery(page), placeholderData: keepPreviousData });
}

/** GET /api/invite/bonus: moves the earned invite bonus to the wallet, so one key per user action. */
export function receiveInviteBonus(idempotencyKey: string): Promise<TInviteBonusResponse> {
  return apiRequest<TInviteBonusResponse>(invitePaths.bonus, { method: 'GET', idempotencyKey });
}

export function useReceiveInviteBonus() {
  return useMutation({ mutationFn: (idempotencyKey: string) => receiveInviteBonus(idempotencyKey) });
}
