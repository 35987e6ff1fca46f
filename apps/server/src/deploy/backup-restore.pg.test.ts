// The backup and restore of docs/deploy.md, run for real: scripts/backup.sh dumps a database that
// holds money movements while its server runs, scripts/restore.sh loads the dump into a fresh
// database and runs ledger:check on it, and the copy holds the same rows as the original.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { activate } from '../modules/games/testing.ts';
import { checkLedger, LEDGER_CHECK_NAMES } from '../modules/ledger/ledger-check.ts';
import { call, signedInMember } from '../modules/wallet/testing.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const run = promisify(execFile);
const script = (name: string, args: string[], databaseUrl: string) =>
  run('bash', [path.join(REPO_ROOT, 'scripts', name), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function onDatabase<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count and a digest of its rows, and every sequence's position. */
function fingerprint(url: string) {
  return onDatabase(url, async (c) => {
    const tables = await c.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
       order by 1, 2`,
    );
    const result: Record<string, string> = {};
    for (const { schema, name } of tables.rows) {
      const table = `"${schema}"."${name}"`;
      const row = await c.query<{ n: string; digest: string | null }>(
        `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
      );
      result[table] = `${row.rows[0]?.n} ${row.rows[0]?.digest}`;
    }
    const sequences = await c.query<{ name: string; last: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences order by 1`,
    );
    for (const s of sequences.rows) result[`sequence ${s.name}`] = String(s.last);
    return result;
  });
}

describe.skipIf(process.env.TEST_DB !== 'pg')('backup and restore of the database (PostgreSQL)', () => {
  let t: TestApp;
  let dir: string;
  const restored = `krapao_restore_${process.pid}_${Date.now() % 1_000_000}`;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'krapao-backup-'));
  });
  afterAll(async () => {
    await onDatabase(databaseUrl('postgres'), (c) => c.query(`drop database if exists ${restored} with (force)`));
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('restores a dump taken while the server runs into a fresh database where ledger:check passes', async () => {
    const a = await signedInMember(t, 1000);
    const b = await signedInMember(t, 250);
    await activate(t, a.token, 'PG');
    for (const [from, to, amount] of [
      ['WALLET', 'PG', 300],
      ['PG', 'WALLET', 120.5],
    ] as const) {
      const res = await call(t, a, 'POST', '/api/wallet/transfer', { from, to, amount }, `backup-${from}-${to}`);
      expect(res.json().status).toBe('SUCCESS');
    }
    expect((await call(t, b, 'GET', '/api/wallet')).json().wallet).toEqual({ amount: 250 });
    expect(await checkLedger(t.db)).toEqual([]);

    const source = await t.db.execute(sql`select current_database() as name`);
    const sourceUrl = databaseUrl((source as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '');
    const file = path.join(dir, 'krapao.dump');
    const backup = await script('backup.sh', [file], sourceUrl);
    expect(backup.stdout.trim()).toBe(file);

    await onDatabase(databaseUrl('postgres'), (c) => c.query(`create database ${restored}`));
    const restore = await script('restore.sh', [file], databaseUrl(restored));
    expect(restore.stdout).toContain(`${LEDGER_CHECK_NAMES.length} passed, 0 failed`);

    const [original, copy] = await Promise.all([fingerprint(sourceUrl), fingerprint(databaseUrl(restored))]);
    expect(Object.keys(copy)).toContain('"public"."ledger_entries"');
    expect(copy['"public"."ledger_transactions"']).toMatch(/^[1-9]\d* /);
    expect(copy).toEqual(original);
  }, 120_000);

  it('refuses to restore over a database that holds tables', async () => {
    const refused = await script('restore.sh', [path.join(dir, 'krapao.dump')], databaseUrl(restored)).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toMatch(/already holds \d+ tables/);
  }, 60_000);
});
