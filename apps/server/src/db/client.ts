// One database handle for the whole server: embedded PGlite under DATA_DIR when DATABASE_URL is
// unset, PostgreSQL when it is set. Same schema, same migrations, same SQL on both (docs/architecture.md §2).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR as MIGRATIONS } from '../paths.ts';
import { trackCommits } from './commit-hooks.ts';
import { rowsOf } from './rows-of.ts';
import * as account from './schema/account.ts';
import * as auth from './schema/auth.ts';
import * as chat from './schema/chat.ts';
import * as demoProvider from './schema/demo-provider.ts';
import * as deposits from './schema/deposits.ts';
import * as files from './schema/files.ts';
import * as games from './schema/games.ts';
import * as ledger from './schema/ledger.ts';
import * as lookup from './schema/lookup.ts';
import * as memberLive from './schema/member-live.ts';
import * as ops from './schema/ops.ts';
import * as opsApprovals from './schema/ops-approvals.ts';
import * as opsHealth from './schema/ops-health.ts';
import * as sms from './schema/sms.ts';

export const schema = {
  ...account,
  ...auth,
  ...chat,
  ...demoProvider,
  ...deposits,
  ...files,
  ...games,
  ...ledger,
  ...lookup,
  ...memberLive,
  ...ops,
  ...opsHealth,
  ...opsApprovals,
  ...sms,
};
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = { db: Db; kind: 'pglite' | 'pg'; close: () => Promise<void> };

/**
 * The advisory lock of start-up: migrations (a session lock) and the seed (a transaction lock) run
 * under it, so instances started at once on a fresh database take turns.
 */
export const STARTUP_LOCK = 7_413_019;

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob;
};

/** Opens and migrates. `dataDir` undefined with no URL means an in-memory PGlite (tests). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Idle connections are kept for 5 minutes, not pg's 10 s: a new backend's first statements
    // (catalog caches, prepared statements) cost tens of ms, which a lull followed by a burst
    // otherwise pays again and again (decision 035).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      idleTimeoutMillis: 300_000,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and the next query reports any real outage.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = trackCommits(drizzlePg(pool, { schema }) as unknown as Db);
    await migrateLocked(pool, db);
    return { db, kind: 'pg', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.pgliteDump });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db: trackCommits(db as unknown as Db), kind: 'pglite', close: () => client.close() };
}

/** Several instances may start at once against one PostgreSQL: one migrates, the others wait. */
async function migrateLocked(pool: pg.Pool, db: Db) {
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    conn.release();
  }
}

/** The newest migration of this build and the newest one the database has applied (their `when`). */
export async function migrationState(db: Db): Promise<{ expected: number; applied: number | null }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const expected = Math.max(...journal.entries.map((e) => e.when));
  const result = await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`);
  const applied = rowsOf<{ applied: string | null }>(result)[0]?.applied;
  return { expected, applied: applied ? Number(applied) : null };
}
