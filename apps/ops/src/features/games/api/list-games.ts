import { gamesPaths, type TOpsGameList } from '@krapao/contracts/ops/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const gamesQueryKey = ['ops', 'games'] as const;

/** GET gamesPaths.list: every game in the console's order. */
export const gamesQueryOptions = () =>
  queryOptions({
    queryKey: gamesQueryKey,
    queryFn: ({ signal }) => apiClient.get<TOpsGameList>(gamesPaths.list, signal),
  });

export const useGames = () => useQuery(gamesQueryOptions());
