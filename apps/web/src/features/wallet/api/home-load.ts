// The home load (docs/product.md §4: refresh all game balances, then reload the wallet) as plain calls.
// The boot starts it when the page opens at the home screen, so both calls run while the screen's code
// downloads and the game cards (the page's largest paint) can show with the first render; the home
// screen's first sync then takes the started load instead of starting its own.
import type { TRefreshSlotResponse, TSlot, TWalletResponse } from '@krapao/contracts/wallet';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient, apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { trackRequest } from '../../../lib/in-flight';
import { getToken, setLastSync } from '../../../lib/storage';

/** GET /api/wallet/refresh/slot: asks every provider for the game balances (books wins and losses). */
export function refreshSlot(idempotencyKey: string): Promise<TRefreshSlotResponse> {
  return apiRequest<TRefreshSlotResponse>(walletPaths.refreshSlot, { method: 'GET', idempotencyKey });
}

export function getWallet(signal?: AbortSignal): Promise<TWalletResponse> {
  return apiClient.get<TWalletResponse>(walletPaths.wallet, { signal });
}

let synced: { token: string | null; slots: TSlot[] } | null = null;
const syncedListeners = new Set<() => void>();

/**
 * The game slots of this session's latest sync (refresh/slot's own answer, fresh from the providers):
 * the game cards can show one round trip before the wallet answers. Null before the first sync, and
 * for any other session.
 */
export function syncedSlots(): TSlot[] | null {
  return synced && synced.token === getToken() ? synced.slots : null;
}

export function subscribeSyncedSlots(listener: () => void): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

/**
 * Refresh all game balances, then `load` the wallet. A successful sync is remembered as the last-sync
 * time and by its slots (syncedSlots), unless the member logged out (or signed in as someone else)
 * meanwhile. The wallet loads even when the sync failed, so the member still sees the last known
 * balances. The two calls count as one in flight, so the global loader stays up between them instead
 * of blinking off.
 */
export async function syncThenLoad<T>(load: () => Promise<T>): Promise<T> {
  const done = trackRequest();
  try {
    const session = getToken();
    try {
      const answer = await refreshSlot(newIdempotencyKey());
      if (getToken() === session) {
        setLastSync();
        if (Array.isArray(answer.slots)) {
          synced = { token: session, slots: answer.slots };
          for (const listener of syncedListeners) listener();
        }
      }
    } catch (err) {
      console.error('balance refresh failed', err);
    }
    return await load();
  } finally {
    done();
  }
}

let started: { token: string | null; wallet: Promise<TWalletResponse> } | null = null;

/** Start the home load now (the boot, at the home screen's address with a stored token). */
export function startHomeLoad(): void {
  const wallet = syncThenLoad(() => getWallet());
  wallet.catch(() => {}); // its failure shows where it is taken
  started = { token: getToken(), wallet };
}

/** The load the boot started, once, and only for the session it was started for. */
export function takeStartedHomeLoad(): Promise<TWalletResponse> | null {
  const load = started;
  started = null;
  return load && load.token === getToken() ? load.wallet : null;
}
