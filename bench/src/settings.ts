// Every number of the bench is a setting (environment variable), with defaults sized for this
// machine (2 cores, 24 GB): the whole `npm run bench` takes about twelve minutes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');

const num = (name: string, def: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return n;
};
const flag = (name: string) => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

export function benchSettings() {
  const adminUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const dbName = process.env.BENCH_DB ?? 'krapao_bench';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(dbName)) throw new Error('BENCH_DB must be a plain lower-case name');
  return {
    /** The server without a database name: the bench drops and creates its own database there. */
    adminUrl,
    dbName,
    databaseUrl: `${adminUrl}/${dbName}`,
    /** Members with money, a game account and a session. */
    members: num('BENCH_MEMBERS', 10_000),
    /** Concurrent connections of the closed-loop runs (and workers of the SQL baselines). */
    connections: num('BENCH_CONNECTIONS', 50),
    /** Server database pool, also used by the SQL baselines. */
    poolSize: num('BENCH_POOL', 20),
    /** Seconds of each measured run, and of the warm-up before it. */
    duration: num('BENCH_DURATION', 10),
    warmup: num('BENCH_WARMUP', 3),
    /**
     * Rounds of each goal's closed loop: the workload and its baselines one after the other, this many
     * times; a ratio is the median of the rounds' own ratios (decision 113).
     */
    rounds: num('BENCH_ROUNDS', 3),
    /** Seconds of each open-loop run. */
    openDuration: num('BENCH_OPEN_DURATION', 10),
    /** Seconds of each open-loop run sent on its schedule before the measured part, not counted. */
    openWarmup: num('BENCH_OPEN_WARMUP', 2),
    /** Open-loop arrival rates as fractions of the closed-loop maximum. */
    openFractions: [0.5, 0.8],
    /** Concurrency of the password-hash baseline and the login run. */
    loginConnections: num('BENCH_LOGIN_CONNECTIONS', 8),
    statementRows: num('BENCH_STATEMENT_ROWS', 1_000_000),
    statementMemberRows: num('BENCH_STATEMENT_MEMBER_ROWS', 100_000),
    statementPageSize: num('BENCH_STATEMENT_LIMIT', 20),
    /** Concurrency of the statement runs (a latency figure: one member paging). */
    statementConnections: num('BENCH_STATEMENT_CONNECTIONS', 1),
    /** Lighthouse runs per route; the median run is reported (Lighthouse's own median-run rule). */
    lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 3),
    port: num('BENCH_PORT', 3310),
    barePort: num('BENCH_BARE_PORT', 3311),
    /** The bare route answering the wallet's own answer (beside the one-read route on `barePort`). */
    answerPort: num('BENCH_ANSWER_PORT', 3312),
    /** Skip parts: `BENCH_SKIP=spa,lighthouse,statement,login,transfer,wallet`. */
    skip: new Set(
      (process.env.BENCH_SKIP ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    /** Use the SPA in apps/web/dist as it is instead of building it first. */
    noBuild: flag('BENCH_NO_BUILD'),
    /** The game every bench member has an account in (a demo-provider game). */
    game: process.env.BENCH_GAME ?? 'JOKER',
    output: process.env.BENCH_OUTPUT ?? path.join(BENCH_DIR, 'results', 'latest.md'),
  };
}
export type BenchSettings = ReturnType<typeof benchSettings>;

/** The password every bench member has (the login run signs in with it). */
export const BENCH_PASSWORD = 'bench-secret-123';
/** Each member's wallet and game float at the start (satang): far more than any run moves. */
export const START_WALLET = 10_000_000n;
export const START_GAME = 10_000_000n;
/** One transfer moves this many baht. */
export const TRANSFER_BAHT = 1;
