// The member app's service worker, built to /sw.js (vite-pwa.ts writes the build's file list into
// __KRAPAO_PRECACHE__). It stores the app shell when installed, so the app opens without a network;
// which requests it answers, and how, is worker-policy.ts. A new version waits until the member accepts
// it (the page posts SKIP_WAITING), then takes over and drops the older versions' caches.
import {
  CACHE_PREFIX,
  cacheName,
  hashed,
  navigate,
  routeOf,
  SKIP_WAITING,
  staticFile,
  type WorkerIo,
} from './worker-policy';

declare const __KRAPAO_PRECACHE__: { version: string; urls: string[] };

// The worker's own global, typed here rather than through the WebWorker lib (which clashes with DOM).
type LifecycleEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = LifecycleEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: { origin: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

const worker = self as unknown as WorkerScope;
const { version, urls } = __KRAPAO_PRECACHE__;
const CACHE = cacheName(version);
const precached = new Set(urls);

const io: WorkerIo = {
  fetch: (request) => fetch(request),
  match: async (request) => (await caches.open(CACHE)).match(request),
  put: async (request, response) => (await caches.open(CACHE)).put(request, response),
};

worker.addEventListener('install', (event) => {
  // Hashed files may come from the HTTP cache; the rest (the page, the manifest) is asked again.
  const requests = urls.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // The first version controls the page it was installed from; a later one is only ever
      // activated by the member's tap, and that page reloads.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, worker.location.origin, precached);
  if (route === 'navigate') event.respondWith(navigate(event.request, io));
  else if (route === 'hashed') event.respondWith(hashed(event.request, io));
  else if (route === 'static') event.respondWith(staticFile(event.request, io));
  // 'bypass': no answer from the worker; the browser goes to the network as if it were not there.
});
