import { gamesPath, type TOpsGame, type TOpsGameUpdate } from '@krapao/contracts/ops/games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { gamesQueryKey } from './list-games';

/** POST one change of a game (state, message, order, featured) with its reason; the list reloads. */
export function useUpdateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: TOpsGameUpdate }) =>
      apiClient.post<TOpsGame>(gamesPath.update(code), change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesQueryKey }),
  });
}
