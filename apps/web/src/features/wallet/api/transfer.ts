import { type TTransferRequest, type TTransferResponse, walletPaths } from '@krapao/contracts/wallet';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/transfer {from, to, amount}: WALLET or a game code on either side. */
export function transfer(body: TTransferRequest, idempotencyKey: string): Promise<TTransferResponse> {
  return apiClient.post<TTransferResponse>(walletPaths.transfer, body, { idempotencyKey });
}
