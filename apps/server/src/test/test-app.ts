// A whole server for one test file: a fresh, migrated, seeded database (in-memory PGlite, or a new
// database on the PostgreSQL at DATABASE_URL when TEST_DB=pg) and the app on top of it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { rowsOf } from '../db/rows-of.ts';
import { seed } from '../seed.ts';
import { migratedPgliteDump } from './pglite-dump.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => Date; logStream?: { write(line: string): void } } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    RECONCILE_INTERVAL_MS: '0',
    // Jobs run only when a test calls their runOnce().
    QR_JOB_INTERVAL_MS: '0',
    SLIP_JOB_INTERVAL_MS: '0',
    BANK_FEED_INTERVAL_MS: '0',
    TRUEMONEY_INTERVAL_MS: '0',
    PAYOUT_INTERVAL_MS: '0',
    DEPOSIT_RULES_INTERVAL_MS: '0',
    TURNOVER_SYNC_INTERVAL_MS: '0',
    CHAT_UPLOAD_CLEANUP_INTERVAL_MS: '0',
    LIVE_EVENTS_PRUNE_INTERVAL_MS: '0',
    ATTEMPTS_PRUNE_INTERVAL_MS: '0',
    SESSIONS_PRUNE_INTERVAL_MS: '0',
    TURNOVER_SETTLE_MS: '0',
    ...env,
  });
  const database = await openTestDatabase();
  await seed(database.db, config, { demoMember: true });
  const { app, ctx } = await buildApp({ config, db: database.db, now: opts.now, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second instance of the product on `a`'s database and configuration (another process behind the
 * balancer); closing it leaves the database to `a`.
 */
export async function secondInstance(a: TestApp): Promise<TestApp> {
  const second = await buildApp({ config: a.ctx.config, db: a.db });
  await second.app.ready();
  return { ...a, app: second.app, ctx: second.ctx, close: () => second.app.close() };
}

/**
 * A second instance on `a`'s PostgreSQL database through its own pool (TEST_DB=pg only): its caches
 * and its change listeners are its own, as on another machine. Closing it leaves the database to `a`.
 */
export async function secondInstanceOwnPool(a: TestApp): Promise<TestApp> {
  const [row] = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  const second = await buildApp({ config: a.ctx.config, db: database.db });
  await second.app.ready();
  return {
    ...a,
    app: second.app,
    ctx: second.ctx,
    db: database.db,
    close: async () => {
      await second.app.close();
      await database.close();
    },
  };
}

/** Polls `probe` until it holds; fails when it still does not after `deadlineMs`. */
export async function within(deadlineMs: number, probe: () => Promise<boolean>): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return;
    if (Date.now() - start > deadlineMs) throw new Error(`not seen within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function openTestDatabase() {
  if (process.env.TEST_DB !== 'pg') return openDatabase({ pgliteDump: await migratedPgliteDump() });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=pg needs DATABASE_URL');
  const name = `krapao_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** Default headers of the SPA, plus a bearer token when given. */
export function headers(token?: string): Record<string, string> {
  return { 'x-wallet-user': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) };
}
