// The product's workloads against the running server, each held to its goal (decision 030, the
// bench's README): the wallet read and login here, transfers in transfer-step.ts, the statement in
// statement.ts. A goal's baselines run interleaved with the workload, `BENCH_ROUNDS` rounds, each run
// after its own warm-up, and a ratio is the median of the rounds' own ratios (rounds.ts, decision 113).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import type { LoadResult, Workload } from './load.ts';
import { startServer } from './proc.ts';
import type { Row } from './report.ts';
import { figuresOf, goalRow, interleave, roundRatios } from './rounds.ts';
import type { RunContext } from './run-context.ts';
import type { BenchMember } from './seed.ts';
import { BENCH_PASSWORD } from './settings.ts';
import { generateStatementData, type Plan, statementPlans } from './statement.ts';

/**
 * Open-loop rows of `what` (the `workload` on the product server) at each of the settings' fractions
 * of a closed-loop rate: the figures of each run, with the goal and verdict `judge` gives (none:
 * context). `before` runs before each (a checkpoint).
 */
export async function openLoops(
  ctx: RunContext,
  rows: Row[],
  what: string,
  workload: Workload,
  closedRate: number,
  judge: (f: number, o: LoadResult) => Pick<Row, 'goal' | 'pass' | 'note'> = () => ({}),
  before: () => Promise<void> = async () => {},
) {
  const { s } = ctx;
  for (const f of s.openFractions) {
    ctx.log(`${what}: open loop at ${f * 100} %`);
    await before();
    const open = { mode: 'open', warmup: s.openWarmup, rate: closedRate * f, duration: s.openDuration } as const;
    const o = await ctx.load(workload, s.port, open);
    ctx.warn(o, `${what} open`);
    const name = `${what}, open loop ${f * 100} % (${Math.round(closedRate * f)}/s)`;
    rows.push({ name, rps: o.rps, p50: o.p50, p99: o.p99, ...judge(f, o) });
  }
}

/** One member's GET /api/wallet answer as the product sends it, kept in a file: its size in bytes. */
async function keepWalletAnswer(ctx: RunContext, file: string): Promise<number> {
  const [member] = JSON.parse(readFileSync(ctx.membersFile, 'utf8')) as BenchMember[];
  const res = await fetch(`http://127.0.0.1:${ctx.s.port}/api/wallet`, {
    headers: { authorization: `Bearer ${member!.token}` },
  });
  if (!res.ok) throw new Error(`GET /api/wallet answered ${res.status}`);
  const answer = await res.text();
  writeFileSync(file, answer);
  return Buffer.byteLength(answer);
}

export async function walletStep(ctx: RunContext, rows: Row[]) {
  const { s, log, load, baseline, warn } = ctx;
  const walletSql = { templates: ['GET /api/wallet'] };
  log('GET /api/wallet: the one-read route, the raw SQL, the same answer from a bare route and the product');
  const indexed = await startServer('indexed-server.ts');
  ctx.servers.push(indexed);
  const answerFile = path.join(ctx.work, 'wallet-answer.json');
  const answerBytes = await keepWalletAnswer(ctx, answerFile);
  const answering = await startServer('bare-server.ts', { BENCH_ANSWER_FILE: answerFile });
  ctx.servers.push(answering);
  const warm = { duration: s.warmup };
  log(`GET /api/wallet: closed loop, ${s.rounds} rounds, each run after its own warm-up`);
  const runs = await interleave(
    s.rounds,
    {
      'one-read route': { warm: () => load('indexed', s.barePort, warm), run: () => load('indexed', s.barePort, {}) },
      'raw SQL': {
        warm: () => baseline('replay', { ...walletSql, ...warm }),
        run: () => baseline('replay', walletSql),
      },
      'same answer, bare route': {
        warm: () => load('answer', s.answerPort, warm),
        run: () => load('answer', s.answerPort, {}),
      },
      'GET /api/wallet': {
        warm: () => load('wallet', s.port, warm),
        run: async () => {
          const w = await load('wallet', s.port, {});
          warn(w, 'wallet');
          return { ...w, non2xx: w.non2xx + w.errors };
        },
      },
    },
    log,
  );
  await indexed.stop();
  await answering.stop();
  const indexedRuns = runs['one-read route'];
  const rawRuns = runs['raw SQL'];
  const answerRuns = runs['same answer, bare route'];
  const walletRuns = runs['GET /api/wallet'];
  const holds = walletRuns.every((w) => w.non2xx === 0);
  rows.push({
    name: `Baseline: Fastify route, one indexed PostgreSQL read (c=${s.connections}, pool ${s.poolSize})`,
    ...figuresOf(indexedRuns),
  });
  rows.push({
    name: 'Baseline: raw SQL of GET /api/wallet',
    ...figuresOf(rawRuns),
    baseline: 'one indexed read',
    ...roundRatios(rawRuns, indexedRuns),
  });
  const oneRead = { name: 'one indexed read', runs: indexedRuns };
  rows.push(goalRow(`GET /api/wallet, ${s.members} members, c=${s.connections}`, walletRuns, oneRead, 0.5, { holds }));
  const ownSql = { name: 'raw SQL of the wallet', runs: rawRuns };
  const sameRuns = { holds, rateOnly: true };
  rows.push(goalRow('  same, against its own SQL replayed through pg', walletRuns, ownSql, 0.85, sameRuns));
  rows.push({
    name: `Baseline: bare Fastify route sending the wallet's answer (${answerBytes} bytes, no work)`,
    ...figuresOf(answerRuns),
    baseline: 'raw SQL of the wallet',
    ...roundRatios(answerRuns, rawRuns),
  });
  rows.push({
    name: '  GET /api/wallet against the same answer from the bare route',
    rps: figuresOf(walletRuns).rps,
    baseline: 'same answer, bare route',
    ...roundRatios(walletRuns, answerRuns),
  });
  const wallet = figuresOf(walletRuns);
  await openLoops(ctx, rows, 'GET /api/wallet', 'wallet', wallet.rps, (_, o) => ({
    goal: 'p99 ≤ 20 ms',
    pass: o.p99 <= 20 && o.non2xx === 0,
  }));
}

export async function loginStep(ctx: RunContext, rows: Row[]) {
  const { s, log, load, baseline, warn } = ctx;
  const c = s.loginConnections;
  const warm = { connections: c, duration: s.warmup };
  log(`POST /api/login and the argon2id hash rate: closed loop, ${s.rounds} rounds, each run after its own warm-up`);
  const runs = await interleave(
    s.rounds,
    {
      'argon2id hash': { warm: () => baseline('hash', warm), run: () => baseline('hash', { connections: c }) },
      'POST /api/login': {
        warm: () => load('login', s.port, warm),
        run: async () => {
          const l = await load('login', s.port, { connections: c });
          warn(l, 'login');
          // Signed-in answers only: a refused login is not a login.
          return { ...l, rps: l.ok / l.duration };
        },
      },
    },
    log,
  );
  const hashRuns = runs['argon2id hash'];
  const loginRuns = runs['POST /api/login'];
  rows.push({ name: `Baseline: argon2id hash (c=${c})`, unit: 'hash', ...figuresOf(hashRuns) });
  const hash = { name: 'argon2id hash', runs: hashRuns };
  rows.push(goalRow(`POST /api/login, c=${c}`, loginRuns, hash, 0.85));
  await openLoops(ctx, rows, 'POST /api/login', 'login', figuresOf(loginRuns).rps);
}

/** Grows the statement table, then times the first and the deepest page; returns their plans. */
export async function statementStep(ctx: RunContext, rows: Row[]): Promise<Plan[]> {
  const { s, log, load, warn } = ctx;
  log(`statement: generating ${s.statementRows} rows (${s.statementMemberRows} for one member)`);
  const data = await generateStatementData(s, await hashPassword(BENCH_PASSWORD));
  log(`  ${data.rows} rows in ${data.seconds.toFixed(0)} s`);
  const deepest = Math.ceil(data.memberRows / s.statementPageSize);
  const plans = await statementPlans(s, data.memberId, [1, deepest]);
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
  return plans;
}
