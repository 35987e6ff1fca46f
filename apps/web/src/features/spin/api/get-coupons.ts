import type { TCoupon } from '@krapao/contracts/spin';
import { spinPaths } from '@krapao/contracts/spin-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/spinwheel/coupon: the member's claimable coupons, newest first. */
export function getCoupons(signal?: AbortSignal): Promise<TCoupon[]> {
  return apiClient.get<TCoupon[]>(spinPaths.coupon, { signal });
}

export const couponsKey = ['spinwheel', 'coupons'] as const;

export const couponsQuery = () => queryOptions({ queryKey: couponsKey, queryFn: ({ signal }) => getCoupons(signal) });

export function useCoupons() {
  return useQuery(couponsQuery());
}
