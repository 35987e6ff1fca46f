// Lighthouse 12.8 mobile runs (the default config: a mid-range phone, simulated slow 4G and CPU
// throttling) in Debian's Chromium, never a downloaded browser. /login as a visitor; /user/home
// signed in (the token and the accepted agreement in localStorage, as the SPA leaves them).
// Each route runs `runs` times (BENCH_LIGHTHOUSE_RUNS, 3 by default: one run swings by ten points on a
// shared 2-core machine) and its figures are those of the median run as Lighthouse's own
// `computeMedianRun` picks it (nearest to the median FCP and TTI), with every run's score beside them.
// Prints one JSON line with the figures per route. LIGHTHOUSE_REPORT_DIR=<dir> also keeps each
// route's median report (<dir>/login.json, <dir>/user-home.json) to see where the time goes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';

type Spec = { origin: string; token: string; routes: string[]; runs: number };
export type LighthouseFigures = {
  route: string;
  /** The median run's score. */
  score: number;
  /** Every run's score, in run order. */
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  scriptBytes: number;
  scriptRequests: number;
  /** What Lighthouse says text compression (gzip/brotli) would save, bytes and ms. */
  compressionBytes: number;
  compressionMs: number;
  error?: string;
};

type Audit = {
  numericValue?: number;
  details?: {
    overallSavingsBytes?: number;
    overallSavingsMs?: number;
    items?: { resourceType?: string; transferSize?: number; requestCount?: number }[];
  };
};

type Result = Parameters<typeof computeMedianRun>[0][number];

const failed = (route: string, error: string, scores: number[] = []): LighthouseFigures => ({
  route,
  score: Number.NaN,
  scores,
  lcpMs: Number.NaN,
  tbtMs: Number.NaN,
  cls: Number.NaN,
  fcpMs: Number.NaN,
  scriptBytes: 0,
  scriptRequests: 0,
  compressionBytes: 0,
  compressionMs: 0,
  error,
});

const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

function figuresOf(route: string, lhr: Result, scores: number[]): LighthouseFigures {
  const audits = lhr.audits as Record<string, Audit>;
  const script = audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    route,
    score: scoreOf(lhr),
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    scriptBytes: script?.transferSize ?? 0,
    scriptRequests: script?.requestCount ?? 0,
    compressionBytes: audits['uses-text-compression']?.details?.overallSavingsBytes ?? 0,
    compressionMs: audits['uses-text-compression']?.details?.overallSavingsMs ?? 0,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}

/** One first visit of `route` (signed in under /user), its report. */
async function runOnce(browser: Browser, port: number, spec: Spec, route: string): Promise<Result> {
  const signedIn = route.startsWith('/user');
  const page = await browser.newPage();
  // Storage is set from a same-origin file the SPA does not run on: a screen of the app could
  // still be starting (its logged-out layout ends a remembered session) after this write.
  await page.goto(`${spec.origin}/favicon.svg`, { waitUntil: 'load' });
  await page.evaluate(
    (token, signIn) => {
      localStorage.clear();
      if (signIn) {
        localStorage.setItem('krapao.token', token);
        localStorage.setItem('krapao.agreement', 'true');
      }
    },
    spec.token,
    signedIn,
  );
  // Storage is kept for the run (the session); the HTTP cache, the service worker and its stored
  // files are not: every run is a first visit, not one served by a worker an earlier run installed.
  await page.close();
  const blank = await browser.newPage();
  const cdp = await blank.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: spec.origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
  await blank.close();
  const result = await lighthouse(`${spec.origin}${route}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  if (!result) throw new Error('no result');
  // A signed-in route that ends on /login measured the login screen, not the route.
  const ended = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (ended !== route) throw new Error(`${route} ended at ${ended}`);
  return result.lhr;
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '{}') as Spec;
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const out: LighthouseFigures[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const route of spec.routes) {
      try {
        const runs: Result[] = [];
        for (let i = 0; i < Math.max(1, spec.runs); i++) runs.push(await runOnce(browser, chrome.port, spec, route));
        const scores = runs.map(scoreOf);
        const valid = filterToValidRuns(runs);
        if (valid.length === 0) {
          out.push(failed(route, runs[0]?.runtimeError?.message ?? 'no run had an FCP and a TTI', scores));
          continue;
        }
        const median = computeMedianRun(valid);
        const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const slug = route.replace(/^\/+/, '').replace(/[^\w]+/g, '-') || 'root';
          writeFileSync(path.join(reportDir, `${slug}.json`), JSON.stringify(median));
        }
        out.push(figuresOf(route, median, scores));
      } catch (err) {
        out.push(failed(route, err instanceof Error ? err.message : String(err)));
      }
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
