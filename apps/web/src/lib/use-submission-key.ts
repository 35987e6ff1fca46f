import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from './api-error';
import { newIdempotencyKey } from './idempotency';

/**
 * One Idempotency-Key per user action (docs/architecture.md §3.1). Sending the same body again after a network
 * error or a timeout reuses the key, so a transfer the server did apply is answered, not repeated;
 * any answer from the server ends the action and the next submission gets a new key.
 */
export function useSubmissionKey() {
  const pending = useRef<{ body: string; key: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const serialised = JSON.stringify(body);
    if (pending.current?.body !== serialised) pending.current = { body: serialised, key: newIdempotencyKey() };
    return pending.current.key;
  }, []);

  const settle = useCallback((err?: unknown) => {
    const unanswered = err instanceof ApiError && err.kind !== 'server';
    if (!unanswered) pending.current = null;
  }, []);

  return useMemo(() => ({ keyFor, settle }), [keyFor, settle]);
}
