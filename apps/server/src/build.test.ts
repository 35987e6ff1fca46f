// The compiled server (build.mjs): one bundle that runs from apps/server/dist with production
// dependencies only, and whose run-time paths (migrations, SPA, demo assets) hold there too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROVIDER_ASSETS, MIGRATIONS_DIR, REPO_ROOT, SERVER_ROOT } from './paths.ts';

// A sibling of dist (one level under apps/server, as dist is) that no running server uses.
const OUT = path.join(SERVER_ROOT, `dist-test-${process.pid}`);
let bundle = '';

beforeAll(() => {
  const res = spawnSync(process.execPath, ['build.mjs', OUT], { cwd: SERVER_ROOT, encoding: 'utf8' });
  expect(res.status, res.stderr).toBe(0);
  bundle = readFileSync(path.join(OUT, 'main.js'), 'utf8');
}, 60_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

const packageOf = (spec: string) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);

describe('server build', () => {
  it('imports only node built-ins and the server’s production dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8'));
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const specs = [...bundle.matchAll(/^import (?:.+ from )?"([^"]+)";$/gm)].map((m) => m[1] ?? '');
    expect(specs.length).toBeGreaterThan(10);
    const outside = specs.filter((s) => !s.startsWith('node:') && !allowed.has(packageOf(s)));
    expect(outside).toEqual([]);
    // The workspace's TypeScript sources are inside the bundle, never imported at run time.
    expect(specs.filter((s) => s.startsWith('@krapao/') || s.endsWith('.ts'))).toEqual([]);
  });

  it('finds files from one place only (paths.ts), whose location is the same in the bundle', () => {
    expect(bundle.match(/import\.meta\.url/g)).toHaveLength(1);
    expect(path.dirname(OUT)).toBe(SERVER_ROOT);
  });

  it('points at the directories the server reads', () => {
    expect(existsSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'))).toBe(true);
    expect(existsSync(path.join(DEMO_PROVIDER_ASSETS, 'game.js'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).name).toBe('krapao');
  });
});
