import { walletPaths } from '@krapao/contracts/wallet';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/withdraw {amount}: declared by spec §7 (R7.13); the withdraw modal uses withdrawAll. */
export function withdraw(amount: number, idempotencyKey: string): Promise<unknown> {
  return apiClient.post<unknown>(walletPaths.withdraw, { amount }, { idempotencyKey });
}
