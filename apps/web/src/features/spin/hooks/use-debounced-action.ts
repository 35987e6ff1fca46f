import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * `run` calls `action` once, `delayMs` after the last call (CLAIM_DEBOUNCE_MS): a double click
 * is one action. `cancel` drops a call still waiting; nothing runs after unmount.
 */
export function useDebouncedAction(action: () => void, delayMs: number) {
  const latest = useRef(action);
  latest.current = action;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  }, [delayMs]);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return useMemo(() => ({ run, cancel }), [run, cancel]);
}
