// React Query defaults (docs/architecture.md §8): queries never retry or refetch on their own; state changes are
// mutations, each sending one Idempotency-Key per user action (see idempotency.ts).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
