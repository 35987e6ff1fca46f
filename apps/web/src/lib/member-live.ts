// The member's live money events (contracts/live.ts), handed from the socket (features/live) to the
// screens that show money: each screen listens for what it shows and re-reads it from the API. An
// event is only a hint; without one the screens behave as before (their buttons and refreshes).
import type { TMemberLiveEvent } from '@krapao/contracts/live';
import { useEffect, useRef } from 'react';

type Listener = (event: TMemberLiveEvent) => void;
const listeners = new Set<Listener>();

/** Hands one parsed event to every screen listening now. */
export function publishMemberLive(event: TMemberLiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

export function onMemberLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls the latest `listener` for every event while the component is mounted. */
export function useMemberLive(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onMemberLive((event) => latest.current(event)), []);
}
