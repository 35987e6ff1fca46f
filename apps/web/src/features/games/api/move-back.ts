import { MAIN_WALLET_CODE } from '@krapao/contracts/constants';
import type { TTransferResponse } from '@krapao/contracts/wallet';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/transfer from a game to the main wallet: a game's whole balance back (even under maintenance). */
export function moveBack(code: string, amount: number, idempotencyKey: string): Promise<TTransferResponse> {
  return apiClient.post<TTransferResponse>(
    walletPaths.transfer,
    { from: code, to: MAIN_WALLET_CODE, amount },
    { idempotencyKey },
  );
}
