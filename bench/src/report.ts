// The figures as a table (terminal) and as bench/results/latest.md.

export type Row = {
  name: string;
  rps?: number;
  p50?: number;
  p99?: number;
  /** What `rps` counts when it is not HTTP requests. */
  unit?: string;
  baseline?: string;
  ratio?: number;
  /** Each round's own ratio, in round order, when `ratio` is their median. */
  ratios?: number[];
  goal?: string;
  pass?: boolean | null;
  note?: string;
};

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? '' : n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits);

export function verdict(pass: boolean | null | undefined): string {
  return pass === true ? 'PASS' : pass === false ? 'FAIL' : '';
}

/** The rounds behind a median ratio: ` (0.41, 0.47, 0.52)`. */
const roundsOf = (ratios: number[] | undefined) =>
  ratios && ratios.length > 1 ? ` (${ratios.map((x) => x.toFixed(2)).join(', ')})` : '';

function cells(r: Row): string[] {
  return [
    r.name,
    r.rps === undefined ? '' : `${fmt(r.rps)}${r.unit ? ` ${r.unit}` : ''}`,
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    r.baseline ?? '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×${roundsOf(r.ratios)}`,
    r.goal ?? '',
    verdict(r.pass),
  ];
}

const HEAD = ['Workload', 'req/s', 'p50 ms', 'p99 ms', 'Baseline', 'Ratio', 'Goal', 'Result'];

export function textTable(rows: Row[]): string {
  const all = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 || i === 4 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(cells(r)))].join('\n');
}

export function markdownTable(rows: Row[]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i === 0 || i === 4 || i === 6 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`),
  ].join('\n');
}
