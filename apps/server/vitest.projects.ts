// The server's test projects. Most files share one module graph per worker (`isolate: false`):
// importing the whole app again for every file cost more than the tests themselves. A file that
// replaces modules, globals, timers or the environment (vi.mock, vi.spyOn, …) runs isolated, in the
// `-isolated` twin of its project, so what it changes never reaches another file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(|process\.env\.\w+\s*=[^=]/;

const PGLITE_FILES = ['src/**/*.test.ts'];
// On PostgreSQL, again: the route suites and the fused hot-path statements' tests, each file on a
// fresh database of the real PostgreSQL at DATABASE_URL.
const PG_FILES = ['src/**/*.routes.test.ts', 'src/**/*.pg.test.ts', 'src/**/*.hot-path.test.ts'];

export function serverProjects(withPostgres: boolean): TestProjectInlineConfiguration[] {
  const isolated = filesChangingSharedState();
  const projects = [...pair('server', 'pglite', PGLITE_FILES, isolated)];
  if (withPostgres) projects.push(...pair('server-pg', 'pg', PG_FILES, isolated));
  return projects;
}

function pair(name: string, db: string, include: string[], isolated: string[]): TestProjectInlineConfiguration[] {
  const test = {
    root: ROOT,
    environment: 'node',
    testTimeout: 30_000,
    // Generous: an app on PGlite starts in seconds on a quiet machine, but far slower on a busy one.
    hookTimeout: 180_000,
    env: { TEST_DB: db, LOG_LEVEL: 'silent' },
  } as const;
  return [
    { test: { ...test, name, include, exclude: isolated, isolate: false } },
    { test: { ...test, name: `${name}-isolated`, include: isolated.filter((f) => matchesAny(f, include)) } },
  ];
}

function filesChangingSharedState(): string[] {
  return testFiles(path.join(ROOT, 'src'))
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function matchesAny(file: string, globs: string[]): boolean {
  return globs.some((glob) => globToRegExp(glob).test(file));
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .split('**/')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}
