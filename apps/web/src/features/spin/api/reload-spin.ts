import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { couponsKey } from './get-coupons';
import { spinSetupKey } from './get-spin-setup';

/** Reloads the wheel setup and the coupons (after a prize modal closes or a claim ends). */
export function useReloadSpin(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: spinSetupKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: couponsKey, exact: true });
  }, [queryClient]);
}
