import type { TSpinResult } from '@krapao/contracts/spin';
import { spinPaths } from '@krapao/contracts/spin-paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/spinwheel/spin: spends one coin; the server draws the slice (docs/product.md §4.5). */
export function spin(idempotencyKey: string): Promise<TSpinResult> {
  return apiClient.post<TSpinResult>(spinPaths.spin, undefined, { idempotencyKey });
}

export function useSpin() {
  return useMutation({ mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) => spin(idempotencyKey) });
}
