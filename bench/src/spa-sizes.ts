// The SPA part of the bench: build it, then the initial JavaScript per route (scripts/size-budget.mjs,
// the same count `npm test` holds to its budget).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script without types, shared with `npm test`.
import { KB, LOGIN_BUDGET_BYTES, LOGIN_GOAL_BYTES, routeSizes } from '../../scripts/size-budget.mjs';
import { verdict } from './report.ts';
import type { RunContext } from './run-context.ts';
import { REPO_ROOT } from './settings.ts';

type SizeRow = { route: string; gzip: number; raw: number; files: string[] };

export type RouteSize = {
  route: string;
  gzip: number;
  raw: number;
  files: number;
  goal: string;
  pass: boolean | null;
};

export const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** Builds the SPA (unless BENCH_NO_BUILD) and measures each route with its goal. */
export async function spaSizes(ctx: RunContext): Promise<RouteSize[]> {
  if (!ctx.s.noBuild) {
    ctx.log('building the SPA (npm run build -w apps/web)');
    const built = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`SPA build failed:\n${built.stdout}\n${built.stderr}`);
  }
  const { rows: sizes } = routeSizes(path.join(REPO_ROOT, 'apps/web/dist')) as { rows: SizeRow[] };
  return sizes.map((r) => {
    const isLogin = r.route === '/login';
    return {
      route: r.route,
      gzip: r.gzip,
      raw: r.raw,
      files: r.files.length,
      goal: isLogin ? `≤ ${LOGIN_GOAL_BYTES / KB} KB (budget ${LOGIN_BUDGET_BYTES / KB} KB)` : '',
      pass: isLogin ? r.gzip <= LOGIN_GOAL_BYTES : null,
    };
  });
}

export function sizeTable(sizes: RouteSize[]): string {
  return [
    '| Route | Initial JS (gzip) | Raw | Files | Goal | Result |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...sizes.map((r) => `| ${r.route} | ${kb(r.gzip)} | ${kb(r.raw)} | ${r.files} | ${r.goal} | ${verdict(r.pass)} |`),
  ].join('\n');
}
