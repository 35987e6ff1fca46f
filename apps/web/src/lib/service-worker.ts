// Registers the service worker (/sw.js, built from src/sw) once the page has loaded; main.tsx imports
// this module only then, so it costs the first screen nothing. A new version that has installed waits
// for the member's tap on the update prompt; the page then reloads under it, and only then.
import { offerUpdate } from './app-update';

export const WORKER_URL = '/sw.js';
/** What the waiting worker takes as "take over now" (src/sw/worker-policy.ts SKIP_WAITING). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
/** How often a tab that comes back to the front asks whether a newer version exists. */
export const UPDATE_CHECK_EVERY_MS = 10 * 60_000;

export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(WORKER_URL, { scope: '/' });
  let accepted = false;

  // A worker that installed while an older one controls this page is a new version.
  const offer = (worker: ServiceWorker) => {
    if (!container.controller) return; // the first install: nothing older to replace
    offerUpdate(() => {
      accepted = true;
      worker.postMessage(SKIP_WAITING_MESSAGE);
    });
  };

  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // The first install also changes the controller (the worker claims the page): no reload for that.
  container.addEventListener('controllerchange', () => {
    if (accepted) reload();
  });

  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_EVERY_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => {}); // offline: the next return to the tab asks again
  });
  return registration;
}
