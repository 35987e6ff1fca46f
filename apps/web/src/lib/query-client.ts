// React Query defaults (docs/architecture.md §8): queries never retry or refetch on their own; state changes are
// mutations, each sending one Idempotency-Key per user action (see idempotency.ts).
import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The server's texts (lookups) come in the member's language: a switch asks for them again. */
export function refetchTextsOnLanguageChange(client: QueryClient): () => void {
  const refetch = () => void client.invalidateQueries({ queryKey: ['lookup'] });
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}
refetchTextsOnLanguageChange(queryClient);
