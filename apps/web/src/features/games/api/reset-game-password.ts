import type { TGameAccount } from '@krapao/contracts/wallet';
import { walletPath } from '@krapao/contracts/wallet-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { gameAccountQuery } from './get-game-account';

/** GET /api/wallet/resetpassword/{slotCode}. */
export function resetGamePassword(code: string, idempotencyKey: string): Promise<Partial<TGameAccount>> {
  return apiRequest<Partial<TGameAccount>>(walletPath.resetPassword(code), { method: 'GET', idempotencyKey });
}

/** After a reset the credentials are fetched again. */
export function useResetGamePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => resetGamePassword(code, newIdempotencyKey()),
    onSuccess: (_answer, code) => queryClient.refetchQueries({ queryKey: gameAccountQuery(code).queryKey }),
  });
}
