// The product under test: a fresh PostgreSQL database per test (krapao_battery_<n>) and the real
// server, compiled (`apps/server/dist/main.js`, built by `npm run test:battery` first), as a child
// process on loopback. It is started with node itself, so SIGKILL reaches the very process that
// holds the connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LedgerProblem } from '../../apps/server/src/modules/ledger/ledger-check.ts';
import { ledgerProblems, recreateDatabase } from '../../bench/src/seed.ts';
import type { BenchSettings } from '../../bench/src/settings.ts';
import { type BatterySettings, REPO_ROOT } from './settings.ts';

const READY_TIMEOUT_MS = 90_000;
/** One audit chain key for every battery server, test or production mode, and `audit:check`. */
export const BATTERY_AUDIT_CHAIN_KEY = 'krapao-battery-audit-chain-key-of-32-bytes';

/** Settings every battery server runs with; a test adds its own. */
export function baseEnv(s: BatterySettings, n: number, databaseUrl: string, dir: string): Record<string, string> {
  const tag = `krapao-battery-${process.pid}-${n}`;
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(s.port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUDIT_CHAIN_KEY: BATTERY_AUDIT_CHAIN_KEY,
    // All traffic comes from loopback: the per-IP request limit would answer 429 to the battery.
    RATE_LIMIT_PER_MINUTE: '100000000',
    REGISTER_IP_MAX_PER_HOUR: '100000',
    REGISTER_VALIDATE_IP_MAX_PER_HOUR: '100000',
    CHAT_AGENT: 'off',
    CHAT_PREFIX: tag,
    REDIS_PREFIX: `${tag}:`,
    ...(s.redisUrl ? { REDIS_URL: s.redisUrl } : { REDIS_URL: '' }),
  };
}

export type Product = {
  n: number;
  url: string;
  databaseUrl: string;
  env: Record<string, string>;
  /** The test's own connections to its database, for set-up and checks. */
  pool: pg.Pool;
  /** Starts the server; `override` changes its settings for this start only. */
  start(override?: Record<string, string>): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 15 s. */
  stop(): Promise<void>;
  isRunning(): boolean;
  /** Everything the process wrote, the last 200 kB. */
  output(): string;
  ledgerProblems(): Promise<LedgerProblem[]>;
  close(): Promise<void>;
};

export async function openProduct(s: BatterySettings, n: number, env: Record<string, string>): Promise<Product> {
  const dbName = `krapao_battery_${n}`;
  const target = { adminUrl: s.adminUrl, dbName, databaseUrl: `${s.adminUrl}/${dbName}` };
  await recreateDatabase(target as BenchSettings);
  const dir = mkdtempSync(path.join(os.tmpdir(), `krapao-battery-${n}-`));
  const fullEnv = { ...baseEnv(s, n, target.databaseUrl, dir), ...env };
  const url = `http://127.0.0.1:${fullEnv.PORT}`;
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
  pool.on('error', () => {});
  let child: ChildProcess | null = null;
  let out = '';

  const exited = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', () => resolve());
    });

  async function waitReady(c: ChildProcess) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (c.exitCode !== null || c.signalCode !== null) throw new Error(`server exited before it was ready:\n${out}`);
      try {
        const res = await fetch(`${url}/api/lookup/active`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not ready in ${READY_TIMEOUT_MS / 1000} s:\n${out.slice(-4000)}`);
  }

  const product: Product = {
    n,
    url,
    databaseUrl: target.databaseUrl,
    env: fullEnv,
    pool,
    async start(override = {}) {
      if (child && product.isRunning()) throw new Error('server already running');
      const c = spawn(process.execPath, ['apps/server/dist/main.js'], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...fullEnv, ...override, INIT_CWD: REPO_ROOT },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (d: Buffer) => {
        out = (out + d.toString()).slice(-200_000);
      };
      c.stdout!.on('data', keep);
      c.stderr!.on('data', keep);
      child = c;
      await waitReady(c);
    },
    async kill() {
      if (!child) return;
      const c = child;
      c.kill('SIGKILL');
      await exited(c);
    },
    async stop() {
      if (!child) return;
      const c = child;
      if (c.exitCode !== null || c.signalCode !== null) return;
      const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
      c.kill('SIGTERM');
      await exited(c);
      clearTimeout(timer);
    },
    isRunning: () => child !== null && child.exitCode === null && child.signalCode === null,
    output: () => out,
    ledgerProblems: () => ledgerProblems(target as BenchSettings),
    async close() {
      await product.stop();
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return product;
}

/** The slip upload's daily closed window (HH:mm, site time); equal ends mean never closed. */
export async function setSlipWindow(product: Product, closeStart: string, closeEnd: string) {
  await product.pool.query(`update settings set value = $1 where key = 'slip'`, [{ closeStart, closeEnd }]);
}

export type Instance = { url: string; stop(): Promise<void>; output(): string };

/**
 * Another server process of the same product on `port`: same database, settings and Redis prefixes
 * (so the instances share chat rooms and session revocations). Start it after the product's own
 * server, which has already migrated the database.
 */
export async function startInstance(product: Product, port: number): Promise<Instance> {
  const url = `http://127.0.0.1:${port}`;
  const c = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...product.env, PORT: String(port), INIT_CWD: REPO_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-200_000);
  };
  c.stdout!.on('data', keep);
  c.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
  const stop = async () => {
    if (c.exitCode !== null || c.signalCode !== null) return;
    const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
    c.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (c.exitCode !== null || c.signalCode !== null) throw new Error(`second instance exited:\n${out.slice(-4000)}`);
    const ready = await fetch(`${url}/api/lookup/active`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, stop, output: () => out };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`second instance not ready in ${READY_TIMEOUT_MS / 1000} s:\n${out.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
