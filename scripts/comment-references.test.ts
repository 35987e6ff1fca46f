// Comments point at docs/product.md, docs/architecture.md or a decision record. The former product
// specification and design notes are not in the repository, so citations of their sections (the
// word "spec" or "DESIGN" before a section sign) and their requirement-row ids (R, row, dot, line)
// must not come back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OLD_REFERENCES = [/\b(?:spec|design) \u00a7/i, /\bR\d{1,2}\.\d{1,3}\b/];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-laos', 'coverage', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|sh|css|html)$/;

/** `<parent>/<each child>/<sub>` for the children that have one: apps/web/src, packages/contracts/src… */
function childRoots(parent: string, sub: string): string[] {
  return readdirSync(path.join(ROOT, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${parent}/${d.name}/${sub}`)
    .filter((dir) => isDirectory(dir));
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(path.join(ROOT, dir)).isDirectory();
  } catch {
    return false;
  }
}

const SCANNED = [
  ...childRoots('apps', 'src'),
  ...childRoots('packages', 'src'),
  'battery/src',
  'bench/src',
  'e2e/tests',
  'scripts',
];

function filesUnder(dir: string): string[] {
  if (!isDirectory(dir)) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(rel);
    return TEXT_FILE.test(entry.name) ? [rel] : [];
  });
}

/** Every `file:line` under the scanned roots that cites an old section or requirement row. */
function oldReferences(): string[] {
  return SCANNED.flatMap(filesUnder).flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (OLD_REFERENCES.some((re) => re.test(line)) ? [`${file}:${i + 1}`] : [])),
  );
}

describe('comment references', () => {
  const hits = oldReferences();

  it('scans every source root', () => {
    expect(SCANNED).toEqual(expect.arrayContaining(['apps/web/src', 'apps/server/src', 'packages/contracts/src']));
    expect(SCANNED.flatMap(filesUnder).length).toBeGreaterThan(100);
  });

  it('cites no section of the former specification or design notes', () => {
    expect(hits).toEqual([]);
  });
});
