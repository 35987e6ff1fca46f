import { type TRefreshSlotResponse, walletPaths } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { trackRequest } from '../../../lib/in-flight';
import { getToken, setLastSync } from '../../../lib/storage';
import { useReloadWallet } from './get-wallet';

/** GET /api/wallet/refresh/slot: asks every provider for the game balances (books wins and losses). */
export function refreshSlot(idempotencyKey: string): Promise<TRefreshSlotResponse> {
  return apiRequest<TRefreshSlotResponse>(walletPaths.refreshSlot, { method: 'GET', idempotencyKey });
}

/**
 * Home load and every refresh control (docs/product.md §2.5): refresh all game balances, then reload the wallet.
 * A successful sync is remembered as the last-sync time. The wallet loads even when the
 * sync failed, so the member still sees the last known balances. A sync that answers after the
 * member logged out (or signed in as someone else) writes nothing: logout cleared it. The two calls
 * count as one in flight, so the global loader stays up between them instead of blinking off.
 */
export function useRefreshBalances() {
  const reloadWallet = useReloadWallet();
  return useMutation({
    mutationFn: async () => {
      const done = trackRequest();
      try {
        const session = getToken();
        try {
          await refreshSlot(newIdempotencyKey());
          if (getToken() === session) setLastSync();
        } catch (err) {
          console.error('balance refresh failed', err);
        }
        return await reloadWallet();
      } finally {
        done();
      }
    },
  });
}
