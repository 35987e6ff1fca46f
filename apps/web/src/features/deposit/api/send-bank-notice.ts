import type { TDepositNoticeRequest } from '@krapao/contracts/deposit';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/add {amount}: the member's notice of a manual bank transfer. */
export function sendBankNotice(body: TDepositNoticeRequest, idempotencyKey: string): Promise<unknown> {
  return apiClient.post<unknown>(walletPaths.add, body, { idempotencyKey });
}
