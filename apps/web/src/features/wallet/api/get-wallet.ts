import type { TWalletResponse } from '@krapao/contracts/wallet';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveReload } from '../../../lib/member-live';
import { getWallet } from './home-load';

/** Wallet load errors go to the console only. */
export const walletQuery = () =>
  queryOptions({
    queryKey: ['wallet'] as const,
    queryFn: ({ signal }) =>
      getWallet(signal).catch((err: unknown) => {
        console.error('wallet load failed', err);
        throw err;
      }),
  });

/**
 * The cached wallet. It never loads by itself: useRefreshBalances loads it after refresh/slot, so
 * the home load's order holds (games first, then the wallet), and useReloadWallet reloads it alone after a transfer
 * or a live money event (lib/member-live.ts).
 */
export function useWallet() {
  const reloadWallet = useReloadWallet();
  useLiveReload(() => void reloadWallet());
  return useQuery({ ...walletQuery(), enabled: false });
}

/** GET /api/wallet again (modals that close "with a refresh"). */
export function useReloadWallet(): () => Promise<TWalletResponse | undefined> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(walletQuery()).catch(() => undefined), [queryClient]);
}
