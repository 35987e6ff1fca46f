// Build-only Vite plugin of the installable member app: the web app manifest of the site being built
// (Thai or Laos) and the service worker /sw.js with the build's file list to store (src/sw/sw.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

export const MANIFEST_FILE = 'manifest.webmanifest';
export const WORKER_FILE = 'sw.js';
const WORKER_SOURCE = 'src/sw/sw.ts';
const PLACEHOLDER = '__KRAPAO_PRECACHE__';
/** The page background and the browser's bar: index.html's theme-color. */
const BACKGROUND = '#0b0b10';

/** Files of public/ the shell shows or the install needs; kept with the build's own files. */
export const PUBLIC_SHELL_FILES = [
  `/${MANIFEST_FILE}`,
  '/favicon.svg',
  '/logo.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/apple-touch-icon.png',
];

type Site = { lang: string; name: string };

/** The site of this build: the Laos build speaks Lao (BCP 47 "lo"), the other Thai; its name comes from its locale. */
export function siteOf(root: string, isLaos: boolean): Site {
  const locale = isLaos ? 'la' : 'th';
  const common = JSON.parse(readFileSync(path.join(root, `src/locales/${locale}/common.json`), 'utf8'));
  return { lang: isLaos ? 'lo' : 'th', name: String(common.app?.name ?? 'Krapao') };
}

/** VITE_LAOS, as lib/env.ts reads it. */
function isLaosBuild(config: ResolvedConfig): boolean {
  return ['true', '1'].includes(String(config.env.VITE_LAOS));
}

export function webManifest(site: Site) {
  return {
    id: '/',
    name: site.name,
    short_name: site.name,
    lang: site.lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** What the worker stores at install: the page, every script and style of the build, the shell's public files. */
export function precacheList(bundle: Rollup.OutputBundle): string[] {
  const built = Object.values(bundle)
    .map((file) => file.fileName)
    .filter((name) => name !== WORKER_FILE && (name === 'index.html' || /^assets\/.+\.(?:js|css)$/.test(name)))
    .map((name) => `/${name}`);
  return [...built, ...PUBLIC_SHELL_FILES].sort();
}

export function pwa(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'krapao:pwa',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html into the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // The page speaks the site's language before the app starts, and iOS names the icon as the manifest does.
    transformIndexHtml(html) {
      const site = siteOf(config.root, isLaosBuild(config));
      return html
        .replace(/<html lang="[^"]*"/, `<html lang="${site.lang}"`)
        .replace(/(<meta name="apple-mobile-web-app-title" content=")[^"]*"/, `$1${site.name}"`);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(config.root, WORKER_SOURCE), fileName: WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_FILE,
        source: `${JSON.stringify(webManifest(siteOf(config.root, isLaosBuild(config))), null, 2)}\n`,
      });
      const worker = bundle[WORKER_FILE];
      if (worker?.type !== 'chunk') throw new Error(`${WORKER_FILE} is missing from the build`);
      // A classic worker script: it must stand alone (no import of a shared chunk).
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) {
        throw new Error(`${WORKER_FILE} imports other chunks: ${worker.imports.join(', ')}`);
      }
      const urls = precacheList(bundle);
      const page = bundle['index.html'];
      const hash = createHash('sha256').update(urls.join('\n'));
      if (page?.type === 'asset') hash.update(page.source);
      const precache = JSON.stringify({ version: hash.digest('hex').slice(0, 16), urls });
      if (worker.code.split(PLACEHOLDER).length !== 2) throw new Error(`${WORKER_FILE}: ${PLACEHOLDER} not found once`);
      worker.code = worker.code.replace(PLACEHOLDER, () => precache);
    },
  };
}
