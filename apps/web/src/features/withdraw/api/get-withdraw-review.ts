import { type TWithdrawReview, withdrawPaths } from '@krapao/contracts/withdraw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/wallet/withdraw/review: the turnover still to play and the largest amount paid at once. */
export function getWithdrawReview(signal?: AbortSignal): Promise<TWithdrawReview> {
  return apiClient.get<TWithdrawReview>(withdrawPaths.review, { signal });
}

/** Read again on each opening of the modal: it changes with every bet and withdrawal. */
export const withdrawReviewQuery = () =>
  queryOptions({
    queryKey: ['withdraw', 'review'] as const,
    queryFn: ({ signal }) => getWithdrawReview(signal),
  });

/** A failed load shows nothing: the withdrawal is still decided on the server. */
export function useWithdrawReview() {
  return useQuery(withdrawReviewQuery());
}
