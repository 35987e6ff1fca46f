// Records the wall time of a completed `npm test` (scripts/test.sh calls it last) for the bench,
// which reports it instead of running the suite (bench/src/suite-time.ts). Untracked: it changes
// with every run. Usage: node scripts/record-test-time.mjs <start, epoch seconds> <browser suite ran: 1|0>
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RECORD_FILE = path.join(root, '.cache', 'npm-test-wall-time.json');

const git = (args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

/** The record of a suite that started at `startedSec` (epoch seconds) and ends now. */
export function testTimeRecord(startedSec, browser, env = process.env, nowMs = Date.now()) {
  const started = Number(startedSec);
  if (!Number.isFinite(started) || started <= 0) throw new Error(`bad start time: ${startedSec}`);
  return {
    seconds: Math.max(0, Math.round(nowMs / 1000 - started)),
    finishedAt: new Date(nowMs).toISOString(),
    commit: git(['rev-parse', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain']) !== '',
    browser: browser === '1' || browser === true,
    postgres: Boolean(env.DATABASE_URL),
    cpus: os.availableParallelism(),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const record = testTimeRecord(process.argv[2], process.argv[3]);
  mkdirSync(path.dirname(RECORD_FILE), { recursive: true });
  writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
  console.log(
    `== npm test took ${(record.seconds / 60).toFixed(1)} min (recorded in ${path.relative(root, RECORD_FILE)})`,
  );
}
