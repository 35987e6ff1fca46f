import path from 'node:path';
import { expect, it } from 'vitest';
import { PUBLIC_SHELL_FILES, precacheList, siteOf, webManifest } from '../../vite-pwa';

const root = path.resolve(import.meta.dirname, '../..');

it('the manifest follows the site: Thai for the Thai build, Lao for the Laos build', () => {
  const thai = webManifest(siteOf(root, false));
  const laos = webManifest(siteOf(root, true));
  expect([thai.lang, laos.lang]).toEqual(['th', 'lo']);
  expect(thai.name).toBe('Krapao');
  expect(thai.display).toBe('standalone');
  expect(thai.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

it('the worker stores the page, every script and style of the build and the shell files, never itself', () => {
  const file = (fileName: string) => ({ fileName });
  const bundle = Object.fromEntries(
    ['index.html', 'sw.js', 'assets/vendor-1.js', 'assets/index-2.css', 'assets/noto-3.woff2'].map((n) => [n, file(n)]),
  );
  const list = precacheList(bundle as unknown as Parameters<typeof precacheList>[0]);
  expect(list).toEqual(['/assets/index-2.css', '/assets/vendor-1.js', '/index.html', ...PUBLIC_SHELL_FILES].sort());
});
