// The server's test projects. Most files share one module graph per worker (`isolate: false`):
// importing the whole app again for every file cost more than the tests themselves. A file that
// replaces modules, globals, timers or the environment (vi.mock, vi.spyOn, …) runs isolated, in the
// `-isolated` twin of its project, so what it changes never reaches another file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// What makes a file isolated: a `vi` call that replaces a module, a global, the clock or the module
// registry (whitespace and type arguments allowed before its parenthesis), or a write to process.env
// (assigned by name or by key, plain or compound, replaced, deleted from, merged into).
const CHANGES_SHARED_STATE = new RegExp(
  [
    String.raw`\bvi\s*\.\s*(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\s*[(<]`,
    String.raw`\bprocess\.env\s*(\.\s*\w+|\[[^\]]+\])\s*(\*\*|<<|>>>?|&&|\|\||\?\?|[-+*/%&|^])?=(?!=)`,
    String.raw`\bprocess\.env\s*=(?!=)`,
    String.raw`\bdelete\s+process\.env\b`,
    String.raw`\bObject\.assign\(\s*process\.env\b`,
  ].join('|'),
);

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
    // A guard against a test that hangs, not a measure of speed: the race tests run many trials of 50
    // parallel requests, 20–30 s each on a slow shared machine (speed goals live in the bench).
    testTimeout: 120_000,
    // Generous: an app on PGlite starts in seconds on a quiet machine, but far slower on a busy one.
    hookTimeout: 180_000,
    env: { TEST_DB: db, LOG_LEVEL: 'silent' },
  } as const;
  return [
    { test: { ...test, name, include, exclude: isolated, isolate: false } },
    { test: { ...test, name: `${name}-isolated`, include: isolated.filter((f) => matchesAny(f, include)) } },
  ];
}

/** Whether a test file's text replaces something other files share, so it must run isolated. */
export function changesSharedState(text: string): boolean {
  return CHANGES_SHARED_STATE.test(text);
}

function filesChangingSharedState(): string[] {
  return testFiles(path.join(ROOT, 'src'))
    .filter((file) => changesSharedState(readFileSync(file, 'utf8')))
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
