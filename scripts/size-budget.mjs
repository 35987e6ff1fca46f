#!/usr/bin/env node
// Initial JavaScript per route of the built SPA, in gzip bytes (decisions 032, 033): what a browser must
// fetch before a route renders — the entry and its static imports, the route's lazy chunks and
// theirs, and the locale files for the default language that the boot and those screens load
// (apps/web/src/locales/load-plan.json). `npm test` runs this right after the SPA build and fails
// when /login is over its budget; `npm run bench` reports every route.
//
//   node scripts/size-budget.mjs [distDir]        # table, exit 1 over budget
//   import { routeSizes } from './size-budget.mjs' # for the bench
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 1 KB = 1000 bytes here. */
export const KB = 1000;
/**
 * `npm test` fails above these: /login at the bench's goal; home, where a signed-in member lands, with
 * no form schemas (zod) on its way (decision 103). Both ship on Preact (decision 105): React's
 * runtime coming back alone would add ~60 KB and fail both.
 */
export const LOGIN_BUDGET_BYTES = 100 * KB;
export const HOME_BUDGET_BYTES = 100 * KB;
const BUDGETS = { '/login': LOGIN_BUDGET_BYTES, '/user/home': HOME_BUDGET_BYTES };
/** The goal the bench holds /login to: React, the router, i18n and the form, nothing else. */
export const LOGIN_GOAL_BYTES = 100 * KB;

/** Each route and the lazy screens (names given to lazyScreen) it loads, from apps/web/src/app/routes.tsx. */
export const ROUTES = {
  '/login': ['login-route'],
  '/register': ['register-route'],
  '/howto': ['howto-route'],
  '/contact': ['contact-route'],
  '/user/home': ['user-layout', 'home-route'],
  '/user/profile': ['user-layout', 'profile-route'],
  '/user/statement': ['user-layout', 'statement-route'],
  '/user/contact': ['user-layout', 'contact-route'],
  '/terminated': ['terminated-route'],
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Which locale namespaces the boot loads, and which each screen loads with its code. */
const LOAD_PLAN = JSON.parse(readFileSync(path.join(ROOT, 'apps/web/src/locales/load-plan.json'), 'utf8'));

function staticImports(source) {
  const out = new Set();
  for (const re of [/\bfrom\s*["'`]\.\/([\w.-]+\.js)["'`]/g, /\bimport\s*["'`]\.\/([\w.-]+\.js)["'`]/g]) {
    for (const m of source.matchAll(re)) out.add(m[1]);
  }
  return out;
}

/** Sizes of every route's initial JavaScript; throws when the build is not what it expects. */
export function routeSizes(distDir, { locale } = {}) {
  const assets = path.join(distDir, 'assets');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const cache = new Map();
  const read = (file) => {
    if (!cache.has(file)) {
      const buf = readFileSync(path.join(assets, file));
      // What the server sends a browser that accepts brotli: the build's own .br copy (decision 033).
      const br = path.join(assets, `${file}.br`);
      cache.set(file, {
        source: buf.toString('utf8'),
        raw: buf.length,
        gzip: gzipSync(buf, { level: 9 }).length,
        brotli: existsSync(br) ? statSync(br).size : buf.length,
      });
    }
    return cache.get(file);
  };
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length > 0) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      if (!files.includes(file)) throw new Error(`${file} is imported but not in ${assets}`);
      seen.add(file);
      for (const dep of staticImports(read(file).source)) stack.push(dep);
    }
    return seen;
  };
  // A screen's chunk is what the entry's `lazyScreen('<name>', () => import(...))` loads: chunk groups
  // (apps/web/vite-chunks.ts) may put a screen in a chunk named after its group, not after itself.
  let entrySource = '';
  const chunk = (name) => {
    const at = new RegExp(`[\`"']${name}[\`"'],\\s*\\(\\)\\s*=>`).exec(entrySource);
    const m = at ? /import\(\s*["'`]\.\/([\w.-]+\.js)["'`]/.exec(entrySource.slice(at.index, at.index + 300)) : null;
    if (!m) throw new Error(`no lazy import of ${name} in the entry of ${assets}`);
    return m[1];
  };

  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error(`no module script in ${distDir}/index.html`);
  const entrySet = closure(entries);
  entrySource = entries.map((f) => read(f).source).join('\n');
  const lang = locale ?? (/<html[^>]+lang="lo"/.test(html) || distDir.endsWith('dist-laos') ? 'la' : 'th');
  const localeFiles = (namespaces) =>
    namespaces.map((ns) => {
      const at = entrySource.indexOf(`"../locales/${lang}/${ns}.json"`);
      const m = at < 0 ? null : /import\(\s*["'`]\.\/([\w.-]+\.js)["'`]/.exec(entrySource.slice(at, at + 300));
      if (!m) throw new Error(`no chunk for locales/${lang}/${ns}.json in the entry of ${distDir}`);
      return m[1];
    });
  const namespacesOf = (prefixes) => [
    ...new Set([...LOAD_PLAN.boot, ...prefixes.flatMap((prefix) => LOAD_PLAN.screens[prefix] ?? [])]),
  ];

  const total = (set) =>
    [...set].reduce(
      (acc, f) => ({ raw: acc.raw + read(f).raw, gzip: acc.gzip + read(f).gzip, brotli: acc.brotli + read(f).brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const rows = Object.entries(ROUTES).map(([route, prefixes]) => {
    const set = new Set([
      ...entrySet,
      ...closure(prefixes.map(chunk)),
      ...closure(localeFiles(namespacesOf(prefixes))),
    ]);
    const { raw, gzip, brotli } = total(set);
    return { route, files: [...set].sort(), raw, gzip, brotli };
  });
  return { locale: lang, entry: total(entrySet), rows };
}

function main() {
  const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/web/dist'));
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`size budget: ${dist}/index.html not found; build the SPA first (npm run build -w apps/web)`);
    process.exit(1);
  }
  const { rows, locale } = routeSizes(dist);
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log(`Initial JavaScript per route (gzip -9, locale ${locale}), ${dist}`);
  for (const r of rows)
    console.log(
      `  ${r.route.padEnd(18)} ${kb(r.gzip).padStart(9)} gz  ${kb(r.brotli).padStart(9)} br  ${kb(r.raw).padStart(9)} raw  ${r.files.length} files`,
    );
  for (const [route, budget] of Object.entries(BUDGETS)) {
    const row = rows.find((r) => r.route === route);
    if (row.gzip <= budget) continue;
    console.error(`size budget: ${route} ships ${kb(row.gzip)} gzip of JavaScript, over the ${kb(budget)} budget`);
    console.error(`  ${row.files.join(', ')}`);
    process.exit(1);
  }
  const login = rows.find((r) => r.route === '/login');
  const note = login.gzip > LOGIN_GOAL_BYTES ? ` (over the ${kb(LOGIN_GOAL_BYTES)} goal)` : '';
  const home = rows.find((r) => r.route === '/user/home');
  console.log(
    `size budget: /login ${kb(login.gzip)} of ${kb(LOGIN_BUDGET_BYTES)}${note}, /user/home ${kb(home.gzip)} of ${kb(HOME_BUDGET_BYTES)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
