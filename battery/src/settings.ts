// Every count of the battery: the CI counts by default, the full ones with BATTERY_FULL=1.
// Each can also be set alone (BATTERY_<NAME>=n) for a quick local run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BATTERY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BATTERY_DIR, '..');

const flag = (name: string) => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());
const FULL = flag('BATTERY_FULL');

/** `full` with BATTERY_FULL=1, `ci` otherwise; BATTERY_<NAME> overrides either. */
function count(name: string, full: number, ci: number): number {
  const raw = process.env[`BATTERY_${name}`];
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`BATTERY_${name} must be a positive integer, got ${raw}`);
    return n;
  }
  return FULL ? full : ci;
}

/** The PostgreSQL server without a database name: each test creates its own database there. */
function adminUrl(): string {
  const explicit = process.env.BATTERY_PG_URL;
  if (explicit) return explicit.replace(/\/+$/, '');
  const db = process.env.DATABASE_URL;
  if (db) {
    const url = new URL(db);
    url.pathname = '';
    return url.toString().replace(/\/+$/, '');
  }
  return 'postgres://postgres@127.0.0.1:5432';
}

export function batterySettings() {
  return {
    full: FULL,
    adminUrl: adminUrl(),
    redisUrl: process.env.REDIS_URL || undefined,
    /** Loopback ports: the product server of the running test listens on `port`. */
    port: count('PORT', 3460, 3460),
    /** Only these tests (comma list of numbers, e.g. `1,3`); the README block is then left alone. */
    only: new Set(
      (process.env.BATTERY_ONLY ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    /** Write the figures into README.md (default: when every test ran). */
    writeReadme: process.env.BATTERY_README !== '0',
    doubleSpendTrials: count('DOUBLE_SPEND_TRIALS', 100, 20),
    /** The deposit races (QR webhook, slip) are extras of test 1: fewer trials, same burst. */
    depositRaceTrials: count('DEPOSIT_RACE_TRIALS', 20, 5),
    burst: count('BURST', 50, 50),
    idempotencySequential: count('IDEMPOTENCY_SEQUENTIAL', 1000, 1000),
    crashKills: count('CRASH_KILLS', 200, 30),
    faultOperations: count('FAULT_OPERATIONS', 5000, 600),
    fuzzPerEndpoint: count('FUZZ_PER_ENDPOINT', 10_000, 1000),
    /** Trials of test 11's race of a withdrawal against a deposit bonus (one fresh member each). */
    abuseRaceTrials: count('ABUSE_RACE_TRIALS', 100, 100),
    /** Trials of test 12's logins around a password change (one fresh member each). */
    loginStormTrials: count('LOGIN_STORM_TRIALS', 100, 100),
    /** Times test 17 starts five instances at once on a fresh database. */
    startRepetitions: count('START_REPETITIONS', 10, 3),
    /** Withdrawals test 16 pays through three instances. */
    payoutWithdrawals: count('PAYOUT_WITHDRAWALS', 200, 200),
  };
}
export type BatterySettings = ReturnType<typeof batterySettings>;
