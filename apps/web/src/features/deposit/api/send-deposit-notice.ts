import type { TDepositNoticeRequest } from '@krapao/contracts/deposit';
import { walletPaths } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/wallet/add {amount} (spec §7, R7.10): the member's notice of a manual bank transfer. */
export function sendDepositNotice(body: TDepositNoticeRequest, idempotencyKey: string): Promise<unknown> {
  return apiClient.post<unknown>(walletPaths.add, body, { idempotencyKey });
}

export type DepositNoticeVariables = { body: TDepositNoticeRequest; idempotencyKey: string };

export function useSendDepositNotice() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: DepositNoticeVariables) => sendDepositNotice(body, idempotencyKey),
  });
}
