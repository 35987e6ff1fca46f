// `npm run bench` (DESIGN §9, docs/decisions/030): the product against baselines measured in the
// same run on the same machine, written to bench/results/latest.md. Every count and duration is a
// setting (bench/README.md); the load comes from separate processes on loopback only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
// @ts-expect-error: a plain .mjs script without types, shared with `npm test`.
import { KB, LOGIN_BUDGET_BYTES, LOGIN_GOAL_BYTES, routeSizes } from '../../scripts/size-budget.mjs';
import type { LighthouseFigures } from './lighthouse-run.ts';
import type { LoadResult, LoadSpec, Workload } from './load.ts';
import { runWorker, type Server, startServer } from './proc.ts';
import { markdownTable, type Row, textTable, verdict } from './report.ts';
import { type BenchMember, ledgerProblems, recreateDatabase, seedBench } from './seed.ts';
import { BENCH_PASSWORD, benchSettings, REPO_ROOT, TRANSFER_BAHT } from './settings.ts';
import type { BaselineResult, BaselineSpec } from './sql-baselines.ts';
import { generateStatementData, type Plan, statementPlans } from './statement.ts';
import { type Template, traceTemplates } from './trace.ts';

const s = benchSettings();
const started = Date.now();
const log = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const work = mkdtempSync(path.join(os.tmpdir(), 'krapao-bench-'));
const membersFile = path.join(work, 'members.json');
const templatesFile = path.join(work, 'templates.json');
const runId = Date.now().toString(36);
let runSeq = 0;

const rows: Row[] = [];
const sections: string[] = [];
const servers: Server[] = [];

type SizeRow = { route: string; gzip: number; raw: number; files: string[] };

function skip(part: string) {
  return s.skip.has(part);
}

async function load(workload: Workload, port: number, opts: Partial<LoadSpec>): Promise<LoadResult> {
  runSeq += 1;
  const spec: LoadSpec = {
    mode: 'closed',
    workload,
    port,
    connections: s.connections,
    duration: s.duration,
    membersFile,
    runId: `${runId}-${runSeq}`,
    game: s.game,
    password: BENCH_PASSWORD,
    transferBaht: TRANSFER_BAHT,
    ...opts,
  };
  return runWorker<LoadResult>('load.ts', spec, {}, spec.duration + 120);
}

async function baseline(mode: BaselineSpec['mode'], opts: Partial<BaselineSpec> = {}): Promise<BaselineResult> {
  runSeq += 1;
  const spec: BaselineSpec = {
    mode,
    databaseUrl: s.databaseUrl,
    connections: s.connections,
    poolSize: s.poolSize,
    duration: s.duration,
    runId: `${runId}-${runSeq}`,
    game: s.game,
    membersFile,
    templatesFile,
    ...opts,
  };
  const result = await runWorker<BaselineResult>('sql-baselines.ts', spec, {}, spec.duration + 120);
  if (result.errors > 0) log(`  ${mode}: ${result.errors} errors (${result.error})`);
  return result;
}

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function machine() {
  const [pgInfo] = await sql<Record<string, string>>(
    `select version() as version, current_setting('shared_buffers') as shared_buffers,
       current_setting('synchronous_commit') as synchronous_commit, current_setting('max_connections') as max_connections,
       current_setting('work_mem') as work_mem`,
  );
  const git = (args: string[]) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: pgInfo?.version?.split(' on ')[0] ?? '',
    pgSettings: pgInfo
      ? `shared_buffers ${pgInfo.shared_buffers}, synchronous_commit ${pgInfo.synchronous_commit}, max_connections ${pgInfo.max_connections}, work_mem ${pgInfo.work_mem}`
      : '',
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain']) ? ' (with uncommitted changes)' : ''}`,
    loadStart: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  };
}

async function transferMarker(): Promise<number> {
  const [row] = await sql<{ id: string }>('select coalesce(max(id), 0) as id from ledger_transactions');
  return Number(row?.id ?? 0);
}

/** Transfers committed (settled SUCCESS) since the marker, and any that did not settle. */
async function committedSince(marker: number) {
  const [row] = await sql<{ ok: string; other: string }>(
    `select count(*) filter (where status = 'SUCCESS') as ok, count(*) filter (where status <> 'SUCCESS') as other
     from ledger_transactions where type = 'TRANSFER' and id > $1`,
    [marker],
  );
  return { ok: Number(row?.ok ?? 0), other: Number(row?.other ?? 0) };
}

async function checkpoint() {
  await sql('checkpoint');
}

function warn(result: LoadResult, what: string) {
  if (result.non2xx > 0 || result.errors > 0) {
    log(`  ${what}: ${result.non2xx} non-2xx, ${result.errors} errors ${JSON.stringify(result.statusCodes)}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function spa(): Promise<SizeRow[]> {
  if (!s.noBuild) {
    log('building the SPA (npm run build -w apps/web)');
    const built = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`SPA build failed:\n${built.stdout}\n${built.stderr}`);
  }
  const { rows: sizes } = routeSizes(path.join(REPO_ROOT, 'apps/web/dist')) as { rows: SizeRow[] };
  return sizes;
}

async function main() {
  log(`settings: ${JSON.stringify({ ...s, skip: [...s.skip] })}`);
  const sizes = skip('spa') ? [] : await spa();

  log(`database ${s.dbName}: drop, create, migrate, seed ${s.members} members`);
  await recreateDatabase(s);
  const info = await machine();
  const members: BenchMember[] = await seedBench(s, membersFile);
  const seeded = await ledgerProblems(s);
  if (seeded.length > 0)
    throw new Error(`seeded ledger breaks its invariants: ${JSON.stringify(seeded).slice(0, 2000)}`);

  log('recording the statements of one request (trace)');
  const templates: Template[] = await traceTemplates(s, members[1]!, members[2]!);
  writeFileSync(templatesFile, JSON.stringify(templates));
  const transferTemplates = ['transfer wallet → game', 'transfer game → wallet'];

  // --- baselines -----------------------------------------------------------------------------
  log('baseline: bare Fastify route');
  const bare = await startServer('bare-server.ts');
  servers.push(bare);
  await load('bare', s.barePort, { duration: s.warmup });
  const bareRun = await load('bare', s.barePort, {});
  await bare.stop();
  rows.push({ name: 'Baseline: bare Fastify route (c=50)', rps: bareRun.rps, p50: bareRun.p50, p99: bareRun.p99 });

  await checkpoint();
  log('baseline: one-call SQL posting function');
  await baseline('function', { duration: s.warmup });
  const fn = await baseline('function');
  rows.push({ name: 'Baseline: one-call SQL posting function', rps: fn.rps, unit: 'calls', p50: fn.p50, p99: fn.p99 });

  log('baseline: one hot-row UPDATE');
  const hot = await baseline('hot-row');
  rows.push({ name: 'Baseline: one hot-row UPDATE', rps: hot.rps, unit: 'upd', p50: hot.p50, p99: hot.p99 });

  await checkpoint();
  log('baseline: raw SQL of the same transfer (the product statements, replayed through pg)');
  await baseline('replay', { templates: transferTemplates, duration: s.warmup });
  let marker = await transferMarker();
  const raw = await baseline('replay', { templates: transferTemplates });
  const rawCommitted = (await committedSince(marker)).ok / raw.duration;
  rows.push({
    name: 'Baseline: raw SQL of the same transfer',
    rps: rawCommitted,
    unit: 'tx',
    p50: raw.p50,
    p99: raw.p99,
  });

  log('baseline: raw SQL of GET /api/wallet');
  const rawWallet = await baseline('replay', { templates: ['GET /api/wallet'] });
  rows.push({
    name: 'Reference: raw SQL of GET /api/wallet',
    rps: rawWallet.rps,
    p50: rawWallet.p50,
    p99: rawWallet.p99,
    ratio: rawWallet.rps / bareRun.rps,
    baseline: 'bare route',
  });

  log('baseline: password hash rate (argon2id, product parameters)');
  const hash = await baseline('hash', { connections: s.loginConnections });
  rows.push({
    name: `Baseline: argon2id hash (c=${s.loginConnections})`,
    rps: hash.rps,
    unit: 'hash',
    p50: hash.p50,
    p99: hash.p99,
  });

  const replayed = await ledgerProblems(s);
  if (replayed.length > 0) {
    throw new Error(`the SQL baselines left the ledger broken: ${JSON.stringify(replayed).slice(0, 2000)}`);
  }

  // --- the product ---------------------------------------------------------------------------
  log('starting the product server');
  const server = await startServer('server.ts');
  servers.push(server);

  if (!skip('wallet')) {
    log('GET /api/wallet: closed loop');
    await load('wallet', s.port, { duration: s.warmup });
    const w = await load('wallet', s.port, {});
    warn(w, 'wallet');
    const ratio = w.rps / bareRun.rps;
    rows.push({
      name: `GET /api/wallet, ${s.members} members, c=${s.connections}`,
      rps: w.rps,
      p50: w.p50,
      p99: w.p99,
      baseline: 'bare route',
      ratio,
      goal: '≥ 0.30×',
      pass: ratio >= 0.3,
    });
    for (const f of s.openFractions) {
      log(`GET /api/wallet: open loop at ${f * 100} %`);
      const o = await load('wallet', s.port, { mode: 'open', rate: w.rps * f, duration: s.openDuration });
      warn(o, 'wallet open');
      rows.push({
        name: `GET /api/wallet, open loop ${f * 100} % (${Math.round(w.rps * f)}/s)`,
        rps: o.rps,
        p50: o.p50,
        p99: o.p99,
        goal: 'p99 ≤ 20 ms',
        pass: o.p99 <= 20 && o.non2xx === 0,
      });
    }
  }

  let spreadCommitted = 0;
  if (!skip('transfer')) {
    await checkpoint();
    log('transfers wallet ↔ game: closed loop, random members');
    await load('transfer', s.port, { duration: s.warmup });
    marker = await transferMarker();
    const t = await load('transfer', s.port, {});
    warn(t, 'transfer');
    const c = await committedSince(marker);
    spreadCommitted = c.ok / t.duration;
    const ratio = spreadCommitted / rawCommitted;
    rows.push({
      name: `Transfers, ${s.members} members, c=${s.connections} (committed)`,
      rps: spreadCommitted,
      unit: 'tx',
      p50: t.p50,
      p99: t.p99,
      baseline: 'raw SQL transfer',
      ratio,
      goal: '≥ 0.90×',
      pass: ratio >= 0.9 && c.other === 0,
      note: c.other > 0 ? `${c.other} not settled` : undefined,
    });
    rows.push({
      name: '  same, against the one-call function',
      rps: spreadCommitted,
      unit: 'tx',
      baseline: 'one-call function',
      ratio: spreadCommitted / fn.rps,
      goal: 'aim ≥ 0.50×',
      pass: spreadCommitted / fn.rps >= 0.5,
    });
    for (const f of s.openFractions) {
      log(`transfers: open loop at ${f * 100} %`);
      const o = await load('transfer', s.port, { mode: 'open', rate: spreadCommitted * f, duration: s.openDuration });
      warn(o, 'transfer open');
      rows.push({
        name: `Transfers, open loop ${f * 100} % (${Math.round(spreadCommitted * f)}/s)`,
        rps: o.rps,
        p50: o.p50,
        p99: o.p99,
        goal: 'p99 ≤ 25 ms',
        pass: o.p99 <= 25 && o.non2xx === 0,
      });
    }
    await checkpoint();
    log('transfers: closed loop, every member on one house-account shard');
    marker = await transferMarker();
    const one = await load('transfer', s.port, { shard: 0 });
    warn(one, 'transfer one shard');
    const oneCommitted = (await committedSince(marker)).ok / one.duration;
    rows.push({
      name: `Transfers, all through one house shard, c=${s.connections}`,
      rps: oneCommitted,
      unit: 'tx',
      p50: one.p50,
      p99: one.p99,
      baseline: 'random members',
      ratio: oneCommitted / spreadCommitted,
      goal: '≥ 0.90×',
      pass: oneCommitted / spreadCommitted >= 0.9,
    });
  }

  if (!skip('login')) {
    log('POST /api/login: closed loop');
    await load('login', s.port, { connections: s.loginConnections, duration: s.warmup });
    const l = await load('login', s.port, { connections: s.loginConnections });
    warn(l, 'login');
    const ratio = l.ok / l.duration / hash.rps;
    rows.push({
      name: `POST /api/login, c=${s.loginConnections}`,
      rps: l.ok / l.duration,
      p50: l.p50,
      p99: l.p99,
      baseline: 'argon2id hash',
      ratio,
      goal: '≥ 0.85×',
      pass: ratio >= 0.85,
    });
    for (const f of s.openFractions) {
      log(`POST /api/login: open loop at ${f * 100} %`);
      const o = await load('login', s.port, { mode: 'open', rate: (l.ok / l.duration) * f, duration: s.openDuration });
      warn(o, 'login open');
      rows.push({
        name: `POST /api/login, open loop ${f * 100} % (${Math.round((l.ok / l.duration) * f)}/s)`,
        rps: o.rps,
        p50: o.p50,
        p99: o.p99,
      });
    }
  }

  log('ledger invariants after the load');
  const after = await ledgerProblems(s);
  const ledgerLine =
    after.length === 0
      ? 'All ledger invariants hold after the load (`npm run ledger:check` on the bench database).'
      : `**Ledger invariants broken after the load:** ${after.map((p) => p.check).join('; ')}`;
  log(`  ${after.length === 0 ? 'ok' : 'BROKEN'}`);

  let plans: Plan[] = [];
  if (!skip('statement')) {
    log(`statement: generating ${s.statementRows} rows (${s.statementMemberRows} for one member)`);
    const data = await generateStatementData(s, await hashPassword(BENCH_PASSWORD));
    log(`  ${data.rows} rows in ${data.seconds.toFixed(0)} s`);
    const deepest = Math.ceil(data.memberRows / s.statementPageSize);
    plans = await statementPlans(s, data.memberId, [1, deepest]);
    for (const page of [1, deepest]) {
      log(`statement page ${page}: c=${s.statementConnections}`);
      const statement = { token: data.token, page, limit: s.statementPageSize };
      await load('statement', s.port, {
        mode: 'sequential',
        connections: s.statementConnections,
        duration: s.warmup,
        statement,
      });
      const r = await load('statement', s.port, { mode: 'sequential', connections: s.statementConnections, statement });
      warn(r, 'statement');
      const plan = plans.find((p) => p.page === page)!;
      const seqScan = plan.statements.some((st) => /Seq Scan/.test(st.plan));
      rows.push({
        name: `Statement page ${page}: the product's SQL alone (pg, c=1, ${plan.sql.runs} runs)`,
        p50: plan.sql.p50,
        p99: plan.sql.p99,
        goal: 'p99 ≤ 5 ms, no seq scan',
        pass: plan.sql.p99 <= 5 && !seqScan,
      });
      rows.push({
        name: `POST /api/statement page ${page} (of ${deepest}), ${(data.rows / 1e6).toFixed(1)} M rows, c=${s.statementConnections}`,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        goal: 'p99 ≤ 5 ms, no seq scan',
        pass: r.p99 <= 5 && !seqScan && r.non2xx === 0,
        note: seqScan ? 'sequential scan in the plan' : undefined,
      });
    }
  }

  let lighthouse: LighthouseFigures[] = [];
  if (!skip('lighthouse') && !skip('spa')) {
    log('Lighthouse 12.8 (mobile) on /login and /user/home');
    lighthouse = await runWorker<LighthouseFigures[]>(
      'lighthouse-run.ts',
      { origin: `http://127.0.0.1:${s.port}`, token: members[0]!.token, routes: ['/login', '/user/home'] },
      { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      300,
    );
  }
  await server.stop();

  // --- report --------------------------------------------------------------------------------
  const sizeRows = sizes.map((r) => {
    const isLogin = r.route === '/login';
    return {
      route: r.route,
      gzip: r.gzip,
      raw: r.raw,
      files: r.files.length,
      goal: isLogin ? `≤ ${LOGIN_GOAL_BYTES / KB} KB (budget ${LOGIN_BUDGET_BYTES / KB} KB)` : '',
      pass: isLogin ? r.gzip <= LOGIN_GOAL_BYTES : null,
    };
  });
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const sizeTable = [
    '| Route | Initial JS (gzip) | Raw | Files | Goal | Result |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...sizeRows.map(
      (r) => `| ${r.route} | ${kb(r.gzip)} | ${kb(r.raw)} | ${r.files} | ${r.goal} | ${verdict(r.pass)} |`,
    ),
  ].join('\n');
  const lhTable = [
    '| Route | Score | LCP | TBT | CLS | FCP | JS requests (bytes on the wire) | Text compression would save | Goal | Result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...lighthouse.map((l) => {
      const pass = l.error ? false : l.score >= 95 && l.cls <= 0.05;
      return `| ${l.route} | ${l.score} | ${Math.round(l.lcpMs)} ms | ${Math.round(l.tbtMs)} ms | ${l.cls.toFixed(3)} | ${Math.round(l.fcpMs)} ms | ${l.scriptRequests} (${kb(l.scriptBytes)}) | ${kb(l.compressionBytes)}, ${Math.round(l.compressionMs)} ms | score ≥ 95, CLS ≤ 0.05 | ${verdict(pass)}${l.error ? ` (${l.error})` : ''} |`;
    }),
  ].join('\n');

  const trips = templates.map((t) => `| ${t.name} | ${t.statements.length} | ${t.transactions} |`).join('\n');
  const planText = plans
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

  info.loadStart += ` → at the end ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  sections.push(
    `# Bench results\n\nWritten by \`npm run bench\` (bench/README.md, docs/decisions/030-bench-method.md) on ${new Date().toISOString()}, in ${minutes} min.\nEvery baseline was measured in this same run on this machine; ratios compare figures of this run only.`,
    `## Machine\n\n| | |\n| --- | --- |\n| CPU | ${info.cpu} |\n| Memory | ${info.memory} |\n| OS | ${info.os} |\n| Node | ${info.node} |\n| PostgreSQL | ${info.postgres} (${info.pgSettings}) |\n| Load average (1, 5, 15 min) | ${info.loadStart} |\n| Commit | ${info.commit} |\n| Settings | ${s.members} members, c=${s.connections}, pool ${s.poolSize}, ${s.duration} s per run after ${s.warmup} s warm-up, open loop ${s.openDuration} s |`,
    `## Server figures\n\nreq/s of transfers and baselines that write count committed database transactions (\`tx\`: transfers settled SUCCESS, counted in the database), not HTTP answers. Closed loop = autocannon with c connections; open loop = requests sent on a fixed schedule at 50 % and 80 % of the closed-loop maximum, each timed from when it was due.\n\n${markdownTable(rows)}`,
    `## Round trips per request (recorded at the driver)\n\n| Request | Statements | DB transactions |\n| --- | ---: | ---: |\n${trips}`,
    `## SPA: initial JavaScript per route\n\nThe entry with its static imports, the route's lazy chunks with theirs, and the locale files the boot loads (gzip -9; 1 KB = 1000 bytes; scripts/size-budget.mjs).\n\n${sizeTable}`,
    `## Lighthouse 12.8, mobile (simulated throttling), Chromium ${'/usr/bin/chromium'}\n\n${lighthouse.length ? lhTable : 'Skipped.'}`,
    `## Ledger\n\n${ledgerLine}`,
    `## Statement query plans (EXPLAIN ANALYZE, BUFFERS) of the product's own statement queries\n\n${planText || 'Skipped.'}`,
  );
  const md = `${sections.join('\n\n')}\n`;
  mkdirSync(path.dirname(s.output), { recursive: true });
  writeFileSync(s.output, md);

  console.log(`\n${textTable(rows)}\n`);
  if (sizes.length) {
    console.log('Initial JavaScript per route (gzip):');
    for (const r of sizeRows)
      console.log(`  ${r.route.padEnd(18)} ${kb(r.gzip).padStart(9)}  ${r.goal} ${verdict(r.pass)}`);
  }
  for (const l of lighthouse) {
    console.log(
      `Lighthouse ${l.route}: score ${l.score}, LCP ${Math.round(l.lcpMs)} ms, TBT ${Math.round(l.tbtMs)} ms, CLS ${l.cls.toFixed(3)}${l.error ? ` (${l.error})` : ''}`,
    );
  }
  console.log(`\n${ledgerLine}\nWritten to ${path.relative(REPO_ROOT, s.output)} in ${minutes} min.`);
}

try {
  await main();
} finally {
  for (const srv of servers) await srv.stop();
  rmSync(work, { recursive: true, force: true });
}
