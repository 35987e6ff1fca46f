import { settingsPaths, type TCouponRules } from '@krapao/contracts/ops/settings';
import { spinWheelPaths, type TSpinWheelChange, type TSpinWheelPage } from '@krapao/contracts/ops/spin-wheel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiRequest } from '../../../lib/api-client';

export const spinWheelQueryKey = ['ops', 'spin-wheel'] as const;

export const spinWheelQueryOptions = () =>
  queryOptions({
    queryKey: spinWheelQueryKey,
    queryFn: ({ signal }) => apiClient.get<TSpinWheelPage>(spinWheelPaths.wheel, signal),
  });

export const useSpinWheel = () => useQuery(spinWheelQueryOptions());

/** PUT the whole wheel with the reason the audit trail keeps; the answer is the page again. */
export function useChangeSpinWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TSpinWheelChange) =>
      apiRequest<TSpinWheelPage>(spinWheelPaths.wheel, { method: 'PUT', body: change }),
    onSuccess: (page) => queryClient.setQueryData(spinWheelQueryKey, page),
  });
}

/** PUT the coupons' condition (the `couponRules` setting) with its reason; the answer is the page again. */
export function useChangeCouponRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, reason }: { value: TCouponRules; reason: string }) =>
      apiRequest<TSpinWheelPage>(settingsPaths.couponRules, { method: 'PUT', body: { value, reason } }),
    onSuccess: (page) => queryClient.setQueryData(spinWheelQueryKey, page),
  });
}
