import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReloadWallet, walletQuery } from './get-wallet';
import { syncThenLoad, takeStartedHomeLoad } from './home-load';

/**
 * Home load and every refresh control (docs/product.md §2.5): refresh all game balances, then reload the
 * wallet (home-load.ts). The home screen's first sync takes the load the boot started, if any: the
 * same two calls in the same order, begun before the screen's code arrived.
 */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  const reloadWallet = useReloadWallet();
  return useMutation({
    mutationFn: () => {
      const started = takeStartedHomeLoad();
      if (!started) return syncThenLoad(reloadWallet);
      return queryClient.fetchQuery({ ...walletQuery(), queryFn: () => started }).catch((err: unknown) => {
        console.error('wallet load failed', err);
        return undefined;
      });
    },
  });
}
