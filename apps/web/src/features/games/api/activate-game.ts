import type { TActivateResponse } from '@krapao/contracts/wallet';
import { walletPath } from '@krapao/contracts/wallet-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';

/** GET /api/wallet/activate/{slotCode}: opens the member's account at the game. */
export function activateGame(code: string, idempotencyKey: string): Promise<TActivateResponse> {
  return apiRequest<TActivateResponse>(walletPath.activate(code), { method: 'GET', idempotencyKey });
}

/** A state change, so a mutation with one key per click even though the wire makes it a GET. */
export function useActivateGame() {
  return useMutation({ mutationFn: (code: string) => activateGame(code, newIdempotencyKey()) });
}
