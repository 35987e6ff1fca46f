import type { TTransferAllRequest, TTransferResponse } from '@krapao/contracts/wallet';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/transferAll {to}: the whole main-wallet balance into one game (docs/product.md §2.6). */
export function transferAll(body: TTransferAllRequest, idempotencyKey: string): Promise<TTransferResponse> {
  return apiClient.post<TTransferResponse>(walletPaths.transferAll, body, { idempotencyKey });
}
