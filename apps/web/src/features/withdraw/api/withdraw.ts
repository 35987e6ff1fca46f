import type { TWithdrawRequest, TWithdrawResponse } from '@krapao/contracts/withdraw';
import { withdrawPaths } from '@krapao/contracts/withdraw';
import { apiClient } from '../../../lib/api-client';
import { answeringMemberLive } from '../../../lib/member-live';

/** A withdrawal paid at once (SUCCESS) is the outcome a live `withdraw-paid` event would repeat. */
const paidAtOnce = {
  kinds: ['withdraw-paid'],
  ok: (answer: TWithdrawResponse) =>
    answer.status === 'SUCCESS' ? { kind: 'withdraw-paid' as const, amount: answer.amount } : null,
} as const;

/** POST /api/wallet/withdrawAll {amount}: the one the withdraw modal uses. */
export function withdrawAll(body: TWithdrawRequest, idempotencyKey: string): Promise<TWithdrawResponse> {
  return answeringMemberLive(
    apiClient.post<TWithdrawResponse>(withdrawPaths.withdrawAll, body, { idempotencyKey }),
    paidAtOnce,
  );
}

/** POST /api/wallet/withdraw {amount}: part of the API; no screen uses it. */
export function withdraw(body: TWithdrawRequest, idempotencyKey: string): Promise<TWithdrawResponse> {
  return answeringMemberLive(
    apiClient.post<TWithdrawResponse>(withdrawPaths.withdraw, body, { idempotencyKey }),
    paidAtOnce,
  );
}
