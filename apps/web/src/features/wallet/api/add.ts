import { walletPaths } from '@krapao/contracts/wallet';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/add {amount}: declared by spec §7 (R7.10); no screen uses it. */
export function addToWallet(amount: number, idempotencyKey: string): Promise<unknown> {
  return apiClient.post<unknown>(walletPaths.add, { amount }, { idempotencyKey });
}
