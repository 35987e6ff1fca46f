// The baselines no goal is read against, measured once before the product: the bare Fastify route
// and one hot-row UPDATE (docs/decisions/030). The baselines a goal compares with run interleaved
// with the product in each workload's rounds (product-steps.ts, decision 113).
import { startServer } from './proc.ts';
import type { Row } from './report.ts';
import type { RunContext } from './run-context.ts';
import { ledgerProblems } from './seed.ts';

export const TRANSFER_TEMPLATES = ['transfer wallet → game', 'transfer game → wallet'];

export async function measureBaselines(ctx: RunContext, rows: Row[]): Promise<void> {
  const { s, log, load, baseline, checkpoint } = ctx;

  log('baseline: bare Fastify route');
  const bare = await startServer('bare-server.ts');
  ctx.servers.push(bare);
  await load('bare', s.barePort, { duration: s.warmup });
  const bareRun = await load('bare', s.barePort, {});
  await bare.stop();
  rows.push({
    name: `Baseline: bare Fastify route (c=${s.connections})`,
    rps: bareRun.rps,
    p50: bareRun.p50,
    p99: bareRun.p99,
  });

  await checkpoint();
  log('baseline: one hot-row UPDATE');
  const hot = await baseline('hot-row');
  rows.push({ name: 'Baseline: one hot-row UPDATE', rps: hot.rps, unit: 'upd', p50: hot.p50, p99: hot.p99 });

  const replayed = await ledgerProblems(s);
  if (replayed.length > 0) {
    throw new Error(`the hot-row baseline left the ledger broken: ${JSON.stringify(replayed).slice(0, 2000)}`);
  }
}
