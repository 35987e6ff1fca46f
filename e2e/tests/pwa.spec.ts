// The installable member app in Chromium: the manifest and icons, the service worker that controls the
// page, the shell offline with its "no connection" banner, the API never answered from the worker, and
// a new version that waits for the member's tap.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember } from './members';
import { signIn } from './support';
import { type Lang, texts, th } from './texts';

const LAOS_ORIGIN = `http://127.0.0.1:${process.env.E2E_LAOS_PORT ?? 3102}`;
const LANGS: Lang[] = ['th', 'la', 'en'];

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function expectPng(request: APIRequestContext, url: string, size: number) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect(pngSize(await res.body())).toEqual([size, size]);
}

/** Waits until the worker is active, controls this page and has stored the shell. */
async function controlledAndStored(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return 'not controlled';
          for (const name of await caches.keys())
            if (await (await caches.open(name)).match('/index.html')) return 'ready';
          return 'no shell stored';
        }),
      { timeout: 20_000 },
    )
    .toBe('ready');
}

async function inLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('krapao.locale', l), lang);
}

test('the manifest is linked, valid for the site, and its icons are real PNGs', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: th.common.app.name,
    short_name: th.common.app.name,
    lang: 'th',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  const sizes = { '192x192': 192, '512x512': 512 } as const;
  for (const icon of manifest.icons as { src: string; sizes: keyof typeof sizes }[]) {
    await expectPng(page.request, icon.src, sizes[icon.sizes]);
  }
  expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toContain('maskable');
  await expectPng(page.request, '/icons/apple-touch-icon.png', 180);

  const laos = await (await page.request.get(`${LAOS_ORIGIN}/manifest.webmanifest`)).json();
  expect(laos).toMatchObject({ lang: 'lo', name: texts.la.common.app.name, display: 'standalone' });
});

test('the worker registers after load and controls the page; /api is never answered or stored by it', async ({
  page,
  context,
}) => {
  const apiAnswers: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) apiAnswers.push({ path, fromWorker: r.fromServiceWorker() });
  });
  await page.goto('/login');
  await controlledAndStored(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // A page load under the worker, then API calls from the page: all from the network.
  await page.reload();
  await expect(page.getByRole('form', { name: th.common.login.title, exact: true })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/lookup/active')).ok)).toBe(true);
  expect(apiAnswers.map((a) => a.path)).toContain('/api/lookup/active');
  expect(apiAnswers.filter((a) => a.fromWorker)).toEqual([]);
  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(stored).toContain('/index.html');
  expect(stored.filter((p) => /^\/(api|socket\.io|ops|files|dev)(\/|$)/.test(p))).toEqual([]);

  // Offline, an API call fails: nothing answers it from a cache.
  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch('/api/lookup/active').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await context.setOffline(false);
});

for (const lang of LANGS) {
  test(`offline, a reload opens the shell with the "no connection" banner (${lang})`, async ({ page, context }) => {
    const t = texts[lang].common;
    await inLanguage(page, lang);
    await page.goto('/login');
    await controlledAndStored(page);
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(t.offline.title);
    await expect(page.getByRole('form', { name: t.login.title, exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`offline-${lang}.png`) });
    // Retry while still offline: the shell again, still saying so.
    await page.getByTestId('offline-retry').click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
  });
}

test('offline, a signed-in member reopening /user/home gets the app with the banner, not a browser error', async ({
  page,
  context,
}) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password, true);
  // The worker installs from the sign-in page and takes it over; a navigation that starts before it
  // is active goes to the network and its page stays uncontrolled. Reopened only once it is.
  await controlledAndStored(page);
  await page.goto('/user/home');
  await controlledAndStored(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: th.common.menu.label })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-home-th.png') });
  await context.setOffline(false);
});

for (const lang of LANGS) {
  test(`a new version waits for the member's tap, then the page reloads under it (${lang})`, async ({ page }) => {
    const t = texts[lang].common;
    await inLanguage(page, lang);
    await page.goto('/login');
    await controlledAndStored(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // The next deploy, as the browser sees it: a worker script it has not installed yet.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' }));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(t.appUpdate.message);
    await page.screenshot({ path: test.info().outputPath(`update-${lang}.png`) });
    // Until the tap, the old version stays in control and the new one waits.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    await expect(page.getByRole('form', { name: t.login.title, exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next-build$/);
  });
}
