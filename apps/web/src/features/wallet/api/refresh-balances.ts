import { type TRefreshSlotResponse, walletPaths } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { setLastSync } from '../../../lib/storage';
import { useReloadWallet } from './get-wallet';

/** GET /api/wallet/refresh/slot: asks every provider for the game balances (books wins and losses). */
export function refreshSlot(idempotencyKey: string): Promise<TRefreshSlotResponse> {
  return apiRequest<TRefreshSlotResponse>(walletPaths.refreshSlot, { method: 'GET', idempotencyKey });
}

/**
 * Home load and every refresh control (spec §4): refresh all game balances, then reload the wallet.
 * A successful sync is remembered as the last-sync time (spec §3). The wallet loads even when the
 * sync failed, so the member still sees the last known balances.
 */
export function useRefreshBalances() {
  const reloadWallet = useReloadWallet();
  return useMutation({
    mutationFn: async () => {
      try {
        await refreshSlot(newIdempotencyKey());
        setLastSync();
      } catch (err) {
        console.error('balance refresh failed', err);
      }
      return reloadWallet();
    },
  });
}
