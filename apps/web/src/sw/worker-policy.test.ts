import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING_MESSAGE } from '../lib/service-worker';
import { hashed, navigate, routeOf, SHELL_URL, SKIP_WAITING, staticFile, type WorkerIo } from './worker-policy';

const ORIGIN = 'https://krapao.test';
const PRECACHED = new Set(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']);

const request = (path: string, init: { method?: string; mode?: RequestMode } = {}) => ({
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  method: init.method ?? 'GET',
  mode: init.mode ?? 'cors',
});

/** A cache in a Map and a network that answers `answer` (or fails like a browser offline). */
function fakeIo(answer: Response | 'offline', stored: Record<string, Response> = {}) {
  const cache = new Map(Object.entries(stored));
  const key = (r: Request | string) => (typeof r === 'string' ? r : new URL(r.url).pathname);
  const io: WorkerIo = {
    fetch: vi.fn(async () => {
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return answer;
    }),
    match: async (r) => cache.get(key(r)),
    put: async (r, response) => {
      cache.set(key(r), response);
    },
  };
  return { io, cache };
}

describe('which requests the worker answers', () => {
  it.each([
    '/api/wallet',
    '/api/lookup/active',
    '/api/chat/ws',
    '/socket.io/?EIO=4&transport=polling',
    '/ops',
    '/ops/members',
    '/files/banners/x.png',
    '/dev/sms',
    '/demo-provider/launch',
  ])('never %s, not even a page load', (path) => {
    expect(routeOf(request(path), ORIGIN, PRECACHED)).toBe('bypass');
    expect(routeOf(request(path, { mode: 'navigate' }), ORIGIN, PRECACHED)).toBe('bypass');
  });

  it('never a write, another origin, or a public file it did not store', () => {
    expect(routeOf(request('/assets/a.js', { method: 'POST' }), ORIGIN, PRECACHED)).toBe('bypass');
    expect(routeOf(request('https://cdn.test/assets/a.js'), ORIGIN, PRECACHED)).toBe('bypass');
    expect(routeOf(request('/games/pg.png'), ORIGIN, PRECACHED)).toBe('bypass');
  });

  it('pages, hashed build files and the stored public files', () => {
    expect(routeOf(request('/user/home', { mode: 'navigate' }), ORIGIN, PRECACHED)).toBe('navigate');
    expect(routeOf(request('/assets/vendor-x1.js'), ORIGIN, PRECACHED)).toBe('hashed');
    expect(routeOf(request('/manifest.webmanifest'), ORIGIN, PRECACHED)).toBe('static');
  });
});

describe('pages', () => {
  const shell = () => new Response('<div id="root"></div>', { headers: { 'content-type': 'text/html' } });

  it('come from the network whenever it answers, even with an error status', async () => {
    const { io } = fakeIo(new Response('down', { status: 503 }), { [SHELL_URL]: shell() });
    expect((await navigate(new Request(`${ORIGIN}/user/home`), io)).status).toBe(503);
  });

  it('fall back to the stored shell only when the network cannot be reached', async () => {
    const { io } = fakeIo('offline', { [SHELL_URL]: shell() });
    expect(await (await navigate(new Request(`${ORIGIN}/user/home`), io)).text()).toContain('root');
  });

  it('fail as the network did when no shell is stored', async () => {
    const { io } = fakeIo('offline');
    await expect(navigate(new Request(`${ORIGIN}/login`), io)).rejects.toThrow('Failed to fetch');
  });
});

describe('build files', () => {
  it('a stored hashed file is answered without the network', async () => {
    const { io } = fakeIo('offline', { '/assets/a-1.js': new Response('stored') });
    expect(await (await hashed(new Request(`${ORIGIN}/assets/a-1.js`), io)).text()).toBe('stored');
    expect(io.fetch).not.toHaveBeenCalled();
  });

  it('a missing one is fetched and stored, unless it is the page fallback or an error', async () => {
    const js = fakeIo(new Response('code', { headers: { 'content-type': 'text/javascript' } }));
    await hashed(new Request(`${ORIGIN}/assets/b-2.js`), js.io);
    expect(await js.cache.get('/assets/b-2.js')?.text()).toBe('code');

    const page = fakeIo(new Response('<html>', { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    await hashed(new Request(`${ORIGIN}/assets/gone-3.js`), page.io);
    const missing = fakeIo(new Response('NO_DATA', { status: 404 }));
    await hashed(new Request(`${ORIGIN}/assets/gone-3.js`), missing.io);
    expect(page.cache.size + missing.cache.size).toBe(0);
  });

  it('the manifest and icons: the network first, the stored copy offline', async () => {
    const online = fakeIo(new Response('new'), { '/manifest.webmanifest': new Response('old') });
    expect(await (await staticFile(new Request(`${ORIGIN}/manifest.webmanifest`), online.io)).text()).toBe('new');
    const offline = fakeIo('offline', { '/manifest.webmanifest': new Response('old') });
    expect(await (await staticFile(new Request(`${ORIGIN}/manifest.webmanifest`), offline.io)).text()).toBe('old');
  });
});

it('the page and the worker agree on the "take over" message', () => {
  expect(SKIP_WAITING_MESSAGE.type).toBe(SKIP_WAITING);
});
