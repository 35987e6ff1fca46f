// `npm test` records its wall time for the bench (scripts/record-test-time.mjs), and the bench turns
// the record into its report row (bench/src/suite-time.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSuiteTime, suiteTimeRow } from '../bench/src/suite-time.ts';
// @ts-expect-error: a plain .mjs script without types, run by scripts/test.sh.
import { testTimeRecord } from './record-test-time.mjs';

describe('the recorded wall time of npm test', () => {
  it('records the seconds since the start, the commit, and which parts ran', () => {
    const now = Date.parse('2030-01-01T00:30:00Z');
    const r = testTimeRecord(String(now / 1000 - 1500), '1', { DATABASE_URL: 'postgres://x' }, now);
    expect(r).toMatchObject({ seconds: 1500, finishedAt: '2030-01-01T00:30:00.000Z', browser: true, postgres: true });
    expect(r.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(testTimeRecord('100', '0', {}, 200_000)).toMatchObject({ seconds: 100, browser: false, postgres: false });
    expect(() => testTimeRecord('', '1', {}, 0)).toThrow('bad start time');
  });

  it('is the bench row: its verdict only for a whole suite, and says so when there is none', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'suite-time-'));
    const file = path.join(dir, 'record.json');
    expect(readSuiteTime(file)).toBeNull();
    expect(suiteTimeRow(null, 'abc1234')).toMatchObject({ pass: null, goal: '< 30 min' });
    expect(suiteTimeRow(null, 'abc1234').name).toContain('not recorded');

    const whole = {
      seconds: 1500,
      finishedAt: '2030-01-01T00:30:00.000Z',
      commit: 'abc1234def',
      dirty: false,
      browser: true,
      postgres: true,
      cpus: 2,
    };
    writeFileSync(file, JSON.stringify(whole));
    const row = suiteTimeRow(readSuiteTime(file), 'abc1234');
    expect(row).toMatchObject({ pass: true, goal: '< 30 min' });
    expect(row.name).toBe('npm test wall time: 25.0 min (2030-01-01T00:30:00.000Z, commit abc1234, 2 CPUs)');
    expect(suiteTimeRow({ ...whole, seconds: 1800 }, 'abc1234').pass).toBe(false);
    expect(suiteTimeRow({ ...whole, commit: 'fff0000' }, 'abc1234 (with uncommitted changes)').name).toContain(
      'not this run',
    );
    const partial = suiteTimeRow({ ...whole, browser: false }, 'abc1234');
    expect(partial.pass).toBeNull();
    expect(partial.name).toContain('without the browser suite');

    writeFileSync(file, '{"seconds": "soon"}');
    expect(readSuiteTime(file)).toBeNull();
  });
});
