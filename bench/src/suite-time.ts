// The test suite's own cost: `npm test` (scripts/test.sh) records its wall time, commit and date in
// a file of this checkout when it completes; the bench reports that figure rather than running the
// suite itself. No record, or one of a partial suite (no browser tests, no PostgreSQL), gives no verdict.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Row } from './report.ts';
import { REPO_ROOT } from './settings.ts';

/** Where scripts/test.sh writes its record (untracked: it changes with every run). */
export const SUITE_TIME_FILE = path.join(REPO_ROOT, '.cache', 'npm-test-wall-time.json');
export const SUITE_GOAL_SECONDS = 30 * 60;

export type SuiteTime = {
  seconds: number;
  finishedAt: string;
  commit: string;
  /** Files of the checkout differed from the commit. */
  dirty: boolean;
  /** The browser suite ran (Chromium present). */
  browser: boolean;
  /** The PostgreSQL projects ran (DATABASE_URL set). */
  postgres: boolean;
  cpus: number;
};

export function readSuiteTime(file = SUITE_TIME_FILE): SuiteTime | null {
  if (!existsSync(file)) return null;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<SuiteTime>;
    if (typeof r.seconds !== 'number' || typeof r.commit !== 'string' || typeof r.finishedAt !== 'string') return null;
    return {
      seconds: r.seconds,
      finishedAt: r.finishedAt,
      commit: r.commit,
      dirty: r.dirty === true,
      browser: r.browser === true,
      postgres: r.postgres === true,
      cpus: typeof r.cpus === 'number' ? r.cpus : 0,
    };
  } catch {
    return null;
  }
}

/** The report's row for the suite's wall time; `commit` is the bench run's own. */
export function suiteTimeRow(record: SuiteTime | null, commit: string): Row {
  const goal = `< ${SUITE_GOAL_SECONDS / 60} min`;
  if (!record) {
    return {
      name: 'npm test wall time: not recorded in this checkout (scripts/test.sh writes it when the suite completes)',
      goal,
      pass: null,
    };
  }
  const minutes = (record.seconds / 60).toFixed(1);
  const missing = [record.browser ? '' : 'without the browser suite', record.postgres ? '' : 'without PostgreSQL']
    .filter(Boolean)
    .join(', ');
  const short = record.commit.slice(0, 7);
  const which = `commit ${short}${record.dirty ? ' with local changes' : ''}${short === commit.slice(0, 7) ? '' : ', not this run\u2019s'}`;
  const cpus = record.cpus ? `, ${record.cpus} CPUs` : '';
  return {
    name: `npm test wall time: ${minutes} min (${record.finishedAt}, ${which}${cpus}${missing ? `; ${missing}` : ''})`,
    goal,
    pass: missing ? null : record.seconds < SUITE_GOAL_SECONDS,
  };
}
