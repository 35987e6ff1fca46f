import type { TWithdrawRequest, TWithdrawResponse } from '@krapao/contracts/withdraw';
import { withdrawPaths } from '@krapao/contracts/withdraw';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/withdrawAll {amount}: the one the withdraw modal uses. */
export function withdrawAll(body: TWithdrawRequest, idempotencyKey: string): Promise<TWithdrawResponse> {
  return apiClient.post<TWithdrawResponse>(withdrawPaths.withdrawAll, body, { idempotencyKey });
}

/** POST /api/wallet/withdraw {amount}: part of the API; no screen uses it. */
export function withdraw(body: TWithdrawRequest, idempotencyKey: string): Promise<TWithdrawResponse> {
  return apiClient.post<TWithdrawResponse>(withdrawPaths.withdraw, body, { idempotencyKey });
}
