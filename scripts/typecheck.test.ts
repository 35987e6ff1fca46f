// `npm run typecheck` (scripts/typecheck.mjs) checks every TypeScript project of the repository, and
// a type error in any of them fails it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types, run by npm run typecheck.
import { PROJECTS, typecheck } from './typecheck.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('npm run typecheck', () => {
  it('names every project that has a tsconfig.json', () => {
    const configs = execFileSync('git', ['ls-files', '*tsconfig.json'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('/tsconfig.json'))
      .map((f) => path.dirname(f));
    expect([...PROJECTS].sort()).toEqual(configs.sort());
  });

  it('reports a project with a type error as failed, with the compiler’s words, beside one that passes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'typecheck-'));
    for (const [name, body] of [
      ['bad', 'export const n: number = "one";\n'],
      ['good', 'export const n: number = 1;\n'],
    ]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(
        path.join(dir, name, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true }, include: ['*.ts'] }),
      );
      writeFileSync(path.join(dir, name, 'index.ts'), body);
    }
    const results = await typecheck([path.join(dir, 'bad'), path.join(dir, 'good')], 2);
    const byName = Object.fromEntries(results.map((r: { project: string }) => [path.basename(r.project), r]));
    expect(byName.good).toMatchObject({ ok: true });
    expect(byName.bad).toMatchObject({ ok: false });
    expect(byName.bad.output).toContain("Type 'string' is not assignable to type 'number'");
  }, 60_000);
});
