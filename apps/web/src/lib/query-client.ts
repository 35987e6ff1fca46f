// React Query defaults (DESIGN §7): queries never retry or refetch on their own; state changes are
// mutations, each sending one Idempotency-Key per user action.
import { QueryClient } from '@tanstack/react-query';
import { randomId } from './storage';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** A fresh key for one user action; a mutation makes it in its mutationFn. */
export function newIdempotencyKey(): string {
  return randomId();
}
