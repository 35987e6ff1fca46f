// What the member app's service worker answers and how. Kept apart from the worker's event wiring
// (sw.ts) so the rules run in unit tests: the worker never answers, let alone stores, the API, its
// sockets, the operator console, the dev tools or uploaded files; pages come from the network and fall
// back to the stored shell only when the network cannot be reached.

/** First path segments the worker leaves to the browser, whatever the request. */
export const BYPASS_SEGMENTS = ['api', 'socket.io', 'ops', 'dev', 'files', 'demo-provider'] as const;

/** The page every navigation falls back to offline (the server's history fallback answers it online). */
export const SHELL_URL = '/index.html';

/** Build-hashed files: a name never changes content, so a stored copy is always right. */
const HASHED_PREFIX = '/assets/';

export type Route = 'bypass' | 'navigate' | 'hashed' | 'static';

type RequestLike = Pick<Request, 'method' | 'mode' | 'url'>;

/** How the worker treats `request`; `precached` are the build's stored paths, `origin` the worker's own. */
export function routeOf(request: RequestLike, origin: string, precached: ReadonlySet<string>): Route {
  if (request.method !== 'GET') return 'bypass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'bypass';
  const segment = url.pathname.split('/')[1] ?? '';
  if ((BYPASS_SEGMENTS as readonly string[]).includes(segment)) return 'bypass';
  if (request.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith(HASHED_PREFIX)) return 'hashed';
  return precached.has(url.pathname) ? 'static' : 'bypass';
}

/** The parts of the Cache API and fetch the strategies use (the worker passes its own). */
export type WorkerIo = {
  fetch: (request: Request) => Promise<Response>;
  match: (request: Request | string) => Promise<Response | undefined>;
  put: (request: Request, response: Response) => Promise<void>;
};

/** Pages: always the network; the stored shell only when the network cannot be reached at all. */
export async function navigate(request: Request, io: WorkerIo): Promise<Response> {
  try {
    return await io.fetch(request);
  } catch (offline) {
    const shell = await io.match(SHELL_URL);
    if (shell) return shell;
    throw offline;
  }
}

/** A file worth storing: a whole answer (never opaque: those are not ok) that is not the server's page fallback. */
function storable(response: Response): boolean {
  return response.ok && !response.headers.get('content-type')?.startsWith('text/html');
}

/** Hashed build files: the stored copy, else the network (stored for next time). */
export async function hashed(request: Request, io: WorkerIo): Promise<Response> {
  const stored = await io.match(request);
  if (stored) return stored;
  const response = await io.fetch(request);
  if (storable(response)) await io.put(request, response.clone());
  return response;
}

/** Precached files that keep their name across versions (manifest, icons): the network first, else the copy. */
export async function staticFile(request: Request, io: WorkerIo): Promise<Response> {
  try {
    return await io.fetch(request);
  } catch (offline) {
    const stored = await io.match(request);
    if (stored) return stored;
    throw offline;
  }
}

/** The cache of one build; older builds' caches are deleted when its worker takes over. */
export const CACHE_PREFIX = 'krapao-';
export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The message a page posts to a waiting worker when the member accepts the new version. */
export const SKIP_WAITING = 'SKIP_WAITING';
