import type { TCouponClaimRequest, TCouponClaimResponse } from '@krapao/contracts/spin';
import { spinPaths } from '@krapao/contracts/spin-paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/spinwheel/coupon/claim {coupon}: credits the coupon's amount (docs/product.md §4.5). */
export function claimCoupon(body: TCouponClaimRequest, idempotencyKey: string): Promise<TCouponClaimResponse> {
  return apiClient.post<TCouponClaimResponse>(spinPaths.claim, body, { idempotencyKey });
}

export type ClaimVariables = { body: TCouponClaimRequest; idempotencyKey: string };

export function useClaimCoupon() {
  return useMutation({ mutationFn: ({ body, idempotencyKey }: ClaimVariables) => claimCoupon(body, idempotencyKey) });
}
