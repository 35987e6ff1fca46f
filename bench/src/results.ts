// The report: bench/results/latest.md (or BENCH_OUTPUT) and the summary printed at the end of the run.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LighthouseFigures } from './lighthouse-run.ts';
import { loadAverage, type MachineInfo } from './machine.ts';
import { markdownTable, type Row, textTable, verdict } from './report.ts';
import type { BenchSettings } from './settings.ts';
import { REPO_ROOT } from './settings.ts';
import { kb, type RouteSize, sizeTable } from './spa-sizes.ts';
import type { Plan } from './statement.ts';
import type { Template } from './trace.ts';

export type BenchResults = {
  s: BenchSettings;
  started: number;
  info: MachineInfo;
  rows: Row[];
  templates: Template[];
  sizes: RouteSize[];
  lighthouse: LighthouseFigures[];
  plans: Plan[];
  /** Problems `ledger:check` found after the load (none is the goal). */
  ledgerBroken: string[];
};

/** A Lighthouse figure, or "n/a" when the run has none (NaN crosses the worker's JSON as null). */
function figure(n: number | null | undefined, format: (n: number) => string): string {
  return typeof n === 'number' && Number.isFinite(n) ? format(n) : 'n/a';
}
const ms = (n: number | null | undefined) => figure(n, (v) => `${Math.round(v)} ms`);
const cls = (n: number | null | undefined) => figure(n, (v) => v.toFixed(3));

function lighthouseTable(lighthouse: LighthouseFigures[]): string {
  return [
    '| Route | Score (median run) | Every run | LCP | TBT | CLS | FCP | JS requests (bytes on the wire) | Text compression would save | Goal | Result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...lighthouse.map((l) => {
      const pass = l.error ? false : l.score >= 95 && l.cls <= 0.05;
      return `| ${l.route} | ${figure(l.score, String)} | ${l.scores.join(', ')} | ${ms(l.lcpMs)} | ${ms(l.tbtMs)} | ${cls(l.cls)} | ${ms(l.fcpMs)} | ${l.scriptRequests} (${kb(l.scriptBytes)}) | ${kb(l.compressionBytes)}, ${Math.round(l.compressionMs)} ms | score ≥ 95, CLS ≤ 0.05 | ${verdict(pass)}${l.error ? ` (${l.error})` : ''} |`;
    }),
  ].join('\n');
}

function planText(plans: Plan[]): string {
  return plans
    .map(
      (p) =>
        `#### Page ${p.page}\n\n${p.statements
          .map(
            (st) =>
              `\`\`\`sql\n${st.text}\n-- params: ${JSON.stringify(st.params)}\n\`\`\`\n\n\`\`\`\n${st.plan}\n\`\`\``,
          )
          .join('\n\n')}`,
    )
    .join('\n\n');
}

export function ledgerLine(broken: string[]): string {
  return broken.length === 0
    ? 'All ledger invariants hold after the load (`npm run ledger:check` on the bench database).'
    : `**Ledger invariants broken after the load:** ${broken.join('; ')}`;
}

/** Writes the markdown report and prints the summary. */
export function writeResults(r: BenchResults) {
  const { s, info } = r;
  const trips = r.templates.map((t) => `| ${t.name} | ${t.statements.length} | ${t.transactions} |`).join('\n');
  const loads = `${info.loadStart} → at the end ${loadAverage()}`;
  const minutes = ((Date.now() - r.started) / 60_000).toFixed(1);
  const ledger = ledgerLine(r.ledgerBroken);
  const plans = planText(r.plans);
  const sections = [
    `# Bench results\n\nWritten by \`npm run bench\` (bench/README.md, docs/decisions/030-bench-method.md) on ${new Date().toISOString()}, in ${minutes} min.\nEvery baseline was measured in this same run on this machine; ratios compare figures of this run only.`,
    `## Machine\n\n| | |\n| --- | --- |\n| CPU | ${info.cpu} |\n| Memory | ${info.memory} |\n| OS | ${info.os} |\n| Node | ${info.node} |\n| PostgreSQL | ${info.postgres} (${info.pgSettings}) |\n| Load average (1, 5, 15 min) | ${loads} |\n| Commit | ${info.commit} |\n| Settings | ${s.members} members, c=${s.connections}, pool ${s.poolSize}, ${s.duration} s per run after ${s.warmup} s warm-up, ${s.rounds} interleaved rounds per goal, open loop ${s.openDuration} s after ${s.openWarmup} s not counted |`,
    `## Server figures\n\nreq/s of transfers and baselines that write count committed database transactions (\`tx\`: transfers settled SUCCESS, counted in the database), not HTTP answers. Closed loop = autocannon with c connections; open loop = requests sent on a fixed schedule at 50 % and 80 % of the closed-loop maximum, each timed from when it was due, after a warm-up on the same schedule that is not counted.\n\n${markdownTable(r.rows)}`,
    `## Round trips per request (recorded at the driver)\n\nEvery statement is a round trip; outside a \`BEGIN … COMMIT\` block each is its own transaction (a ledger posting is one statement, decision 035).\n\n| Request | Statements | BEGIN … COMMIT blocks |\n| --- | ---: | ---: |\n${trips}`,
    `## SPA: initial JavaScript per route\n\nThe entry with its static imports, the route's lazy chunks with theirs, and the locale files the boot loads (gzip -9; 1 KB = 1000 bytes; scripts/size-budget.mjs).\n\n${sizeTable(r.sizes)}`,
    `## Lighthouse 12.8, mobile (simulated throttling), Chromium ${'/usr/bin/chromium'}\n\n${r.lighthouse.length ? lighthouseTable(r.lighthouse) : 'Skipped.'}`,
    `## Ledger\n\n${ledger}`,
    `## Statement query plans (EXPLAIN ANALYZE, BUFFERS) of the product's own statement queries\n\n${plans || 'Skipped.'}`,
  ];
  mkdirSync(path.dirname(s.output), { recursive: true });
  writeFileSync(s.output, `${sections.join('\n\n')}\n`);

  console.log(`\n${textTable(r.rows)}\n`);
  if (r.sizes.length) {
    console.log('Initial JavaScript per route (gzip):');
    for (const z of r.sizes)
      console.log(`  ${z.route.padEnd(18)} ${kb(z.gzip).padStart(9)}  ${z.goal} ${verdict(z.pass)}`);
  }
  for (const l of r.lighthouse) {
    console.log(
      `Lighthouse ${l.route}: score ${figure(l.score, String)} (runs ${l.scores.join(', ')}), LCP ${ms(l.lcpMs)}, TBT ${ms(l.tbtMs)}, CLS ${cls(l.cls)}${l.error ? ` (${l.error})` : ''}`,
    );
  }
  console.log(`\n${ledger}\nWritten to ${path.relative(REPO_ROOT, s.output)} in ${minutes} min.`);
}
