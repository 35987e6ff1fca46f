// A new version of the app, installed by the service worker and waiting for the member's go
// (lib/service-worker.ts offers it, components/update-prompt.tsx asks).

type Accept = () => void;

let accept: Accept | null = null;
const listeners = new Set<() => void>();

/** A new version is waiting; `onAccept` lets it take over and reloads the page. */
export function offerUpdate(onAccept: Accept): void {
  accept = onAccept;
  for (const listener of listeners) listener();
}

export function pendingUpdate(): Accept | null {
  return accept;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
