// `npm run seed` (the package script, as an operator runs it) seeds the configured database.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemberRepository } from '../modules/account/member.repository.ts';
import { REPO_ROOT } from '../paths.ts';
import { openDatabase } from './client.ts';
import { DEMO_MEMBER } from './seed-data.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'krapao-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', () => {
  it('migrates and seeds the embedded database under DATA_DIR, demo member included', async () => {
    const run = spawnSync('npm', ['run', '--silent', 'seed', '-w', 'apps/server'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'true' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(dataDir);

    const database = await openDatabase({ dataDir });
    try {
      expect(await createMemberRepository(database.db).byUsername(DEMO_MEMBER.username)).toBeTruthy();
    } finally {
      await database.close();
    }
  }, 120_000);
});
