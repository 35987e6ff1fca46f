// `npm run ops:create-owner` and `npm run audit:check`, as an operator runs them, on an embedded
// database under DATA_DIR.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { staff } from '../db/schema/ops.ts';
import { appendAudit } from '../modules/audit/index.ts';
import { REPO_ROOT } from '../paths.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'krapao-ops-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function npm(args: string[], env: Record<string, string> = {}) {
  return spawnSync('npm', ['run', '--silent', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: 'https://krapao.test',
      ...env,
    },
  });
}

async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('the operator scripts', () => {
  it('creates the first owner with an enrolment link, once per username', () => {
    const run = npm(['ops:create-owner', '--', '--username', 'first.owner', '--display', 'First Owner']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/https:\/\/krapao\.test\/ops\/enrol\/[\w-]{40,}/);
    const again = npm(['ops:create-owner', '--', '--username', 'first.owner', '--display', 'Someone Else']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
  }, 120_000);

  it('audit:check exits 0 with the count on a whole chain and 1 naming the broken seq', async () => {
    const [owner] = await withDb(async (db) => {
      await db.transaction((tx) =>
        appendAudit(tx, { actor: 'system', action: 'test.one', objectType: 'probe', objectId: 1 }),
      );
      return db.select().from(staff);
    });
    expect(owner).toMatchObject({
      username: 'first.owner',
      displayName: 'First Owner',
      role: 'owner',
      status: 'enrolling',
    });
    const whole = npm(['audit:check']);
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout).toContain('audit chain ok: 2 entries');
    // The owner was sealed by ops:create-owner, the probe by this process: both under the default key.
    const otherKey = npm(['audit:check'], { AUDIT_CHAIN_KEY: 'not-the-key-the-chain-was-sealed-under' });
    expect(otherKey.status).toBe(1);
    expect(otherKey.stdout).toContain('KEY MISMATCH at seq 1');

    await withDb(async (db) => {
      await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await db.execute(sql`update audit_log set reason = 'rewritten' where seq = 1`);
    });
    const broken = npm(['audit:check']);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('BROKEN at seq 1');
  }, 180_000);
});
