// The battery's output: one line per figure as it comes, the summary, and the README block between
// its markers (the only part of README.md the command writes).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Line } from './harness.ts';
import { REPO_ROOT } from './settings.ts';

export const README_START = '<!-- battery:start -->';
export const README_END = '<!-- battery:end -->';

export const verdict = (l: Line) => (l.pass === null ? 'SKIP' : l.pass ? 'PASS' : 'FAIL');

export function formatLine(l: Line): string {
  const took = l.seconds === undefined ? '' : `  (${l.seconds.toFixed(1)} s)`;
  return `${verdict(l)}  ${l.id.padEnd(5)} ${l.name.padEnd(38)} ${l.figure}${took}`;
}

export function summary(lines: Line[]) {
  const passed = lines.filter((l) => l.pass === true).length;
  const failed = lines.filter((l) => l.pass === false).length;
  const skipped = lines.filter((l) => l.pass === null).length;
  return { passed, failed, skipped, text: `${passed} passed, ${failed} failed` };
}

export function readmeBlock(lines: Line[], opts: { full: boolean; minutes: number; redis: boolean }): string {
  const { passed, failed, skipped } = summary(lines);
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  const cpu = os.cpus();
  const rows = lines.map((l) => `| ${l.id} | ${esc(l.name)} | ${esc(l.figure)} | ${esc(l.goal)} | ${verdict(l)} |`);
  return [
    README_START,
    `Written by \`npm run test:battery\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC ` +
      `(${opts.full ? 'full counts, BATTERY_FULL=1' : 'CI counts'}; PostgreSQL${opts.redis ? ' and Redis' : ''}; ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}): **${passed} passed, ${failed} failed**` +
      `${skipped ? `, ${skipped} skipped` : ''} in ${opts.minutes.toFixed(1)} min.`,
    '',
    '| # | Test | Figure | Goal | Result |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    README_END,
  ].join('\n');
}

/** Replaces the block between the markers; answers false when README.md has no such block. */
export function writeReadme(block: string): boolean {
  const file = path.join(REPO_ROOT, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  writeFileSync(file, text.slice(0, start) + block + text.slice(end + README_END.length));
  return true;
}
