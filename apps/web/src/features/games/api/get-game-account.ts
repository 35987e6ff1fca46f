import type { TGameAccount } from '@krapao/contracts/wallet';
import { walletPath } from '@krapao/contracts/wallet-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/wallet/account/{slotCode}: the game username, password and UFABET form state. */
export function getGameAccount(code: string, signal?: AbortSignal): Promise<TGameAccount> {
  return apiClient.get<TGameAccount>(walletPath.account(code), { signal });
}

/** Credentials are fetched on each opening of the game modal and not kept once it closes. */
export const gameAccountQuery = (code: string) =>
  queryOptions({
    queryKey: ['games', 'account', code] as const,
    queryFn: ({ signal }) => getGameAccount(code, signal),
    gcTime: 0,
  });

export function useGameAccount(code: string, enabled: boolean) {
  return useQuery({ ...gameAccountQuery(code), enabled });
}
