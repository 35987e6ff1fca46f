import { type TTransferRequest, type TTransferResponse, walletPaths } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/transfer {from, to, amount}: WALLET or a game code on either side (spec §7). */
export function transfer(body: TTransferRequest, idempotencyKey: string): Promise<TTransferResponse> {
  return apiClient.post<TTransferResponse>(walletPaths.transfer, body, { idempotencyKey });
}

export type TransferVariables = { body: TTransferRequest; idempotencyKey: string };

export function useTransfer() {
  return useMutation({ mutationFn: ({ body, idempotencyKey }: TransferVariables) => transfer(body, idempotencyKey) });
}
