// `npm run bench` (decision 030): the product against baselines measured in the
// same run on the same machine, written to bench/results/latest.md. Every count and duration is a
// setting (bench/README.md); the load comes from separate processes on loopback only.
import { writeFileSync } from 'node:fs';
import { measureBaselines } from './baseline-steps.ts';
import type { LighthouseFigures } from './lighthouse-run.ts';
import { describeMachine } from './machine.ts';
import { runWorker, startServer } from './proc.ts';
import { loginStep, statementStep, walletStep } from './product-steps.ts';
import type { Row } from './report.ts';
import { writeResults } from './results.ts';
import { createRunContext, type RunContext } from './run-context.ts';
import { ledgerProblems, recreateDatabase, seedBench } from './seed.ts';
import { benchSettings } from './settings.ts';
import { spaSizes } from './spa-sizes.ts';
import type { Plan } from './statement.ts';
import { readSuiteTime, suiteTimeRow } from './suite-time.ts';
import { traceTemplates } from './trace.ts';
import { transferStep } from './transfer-step.ts';

async function main(ctx: RunContext) {
  const { s, log, skip } = ctx;
  const rows: Row[] = [];
  log(`settings: ${JSON.stringify({ ...s, skip: [...s.skip] })}`);
  const sizes = skip('spa') ? [] : await spaSizes(ctx);

  log(`database ${s.dbName}: drop, create, migrate, seed ${s.members} members`);
  await recreateDatabase(s);
  const info = await describeMachine(ctx);
  const members = await seedBench(s, ctx.membersFile);
  const seeded = await ledgerProblems(s);
  if (seeded.length > 0)
    throw new Error(`seeded ledger breaks its invariants: ${JSON.stringify(seeded).slice(0, 2000)}`);

  log('recording the statements of one request (trace)');
  const templates = await traceTemplates(s, members[1]!, members[2]!);
  writeFileSync(ctx.templatesFile, JSON.stringify(templates));

  await measureBaselines(ctx, rows);

  log('starting the product server');
  const server = await startServer('server.ts');
  ctx.servers.push(server);
  if (!skip('wallet')) await walletStep(ctx, rows);
  if (!skip('transfer')) await transferStep(ctx, rows);
  if (!skip('login')) await loginStep(ctx, rows);

  log('ledger invariants after the load');
  const after = await ledgerProblems(s);
  log(`  ${after.length === 0 ? 'ok' : 'BROKEN'}`);

  let plans: Plan[] = [];
  if (!skip('statement')) plans = await statementStep(ctx, rows);

  let lighthouse: LighthouseFigures[] = [];
  if (!skip('lighthouse') && !skip('spa')) {
    const routes = ['/login', '/user/home'];
    log(`Lighthouse 12.8 (mobile) on ${routes.join(' and ')}, ${s.lighthouseRuns} runs each`);
    lighthouse = await runWorker<LighthouseFigures[]>(
      'lighthouse-run.ts',
      { origin: `http://127.0.0.1:${s.port}`, token: members[0]!.token, routes, runs: s.lighthouseRuns },
      { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      120 * routes.length * Math.max(1, s.lighthouseRuns),
    );
  }
  await server.stop();
  rows.push(suiteTimeRow(readSuiteTime(), info.commit));

  writeResults({
    s,
    started: ctx.started,
    info,
    rows,
    templates,
    sizes,
    lighthouse,
    plans,
    ledgerBroken: after.map((p) => p.check),
  });
}

const ctx = createRunContext(benchSettings());
try {
  await main(ctx);
} finally {
  await ctx.close();
}
