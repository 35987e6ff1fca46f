import type { TTransferRequest, TTransferResponse } from '@krapao/contracts/wallet';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { answeringMemberLive } from '../../../lib/member-live';

/**
 * POST /api/wallet/transfer {from, to, amount}: WALLET or a game code on either side. Its answer
 * (SUCCESS, or TRANSFER_FAIL) is the outcome a live transfer event would repeat.
 */
export function transfer(body: TTransferRequest, idempotencyKey: string): Promise<TTransferResponse> {
  return answeringMemberLive(apiClient.post<TTransferResponse>(walletPaths.transfer, body, { idempotencyKey }), {
    kinds: ['transfer-done', 'transfer-failed'],
    ok: (answer) => (answer.status === 'SUCCESS' ? { kind: 'transfer-done', amount: answer.amount } : null),
    failed: (err) =>
      err instanceof ApiError && err.code === 'TRANSFER_FAIL' ? { kind: 'transfer-failed', amount: body.amount } : null,
  });
}
