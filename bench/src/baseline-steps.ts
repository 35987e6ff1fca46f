// The baselines, each measured in this run before the product: the bare Fastify route, a Fastify
// route making one indexed PostgreSQL read, the one-call SQL posting, one hot-row UPDATE, the
// product's own transfer and wallet SQL replayed through pg, and the password-hash rate
// (docs/decisions/030).
import { startServer } from './proc.ts';
import type { Row } from './report.ts';
import type { RunContext } from './run-context.ts';
import { ledgerProblems } from './seed.ts';

/** The rates the product's workloads are compared with. */
export type Baselines = {
  /** Bare Fastify route, req/s. */
  bareRps: number;
  /** Fastify route making one indexed PostgreSQL read, req/s. */
  indexedRps: number;
  /** The product's own statements of GET /api/wallet replayed through pg, req/s. */
  rawWalletRps: number;
  /** One-call PL/pgSQL posting, calls/s. */
  functionRps: number;
  /** Raw SQL of the same transfer, committed transfers/s. */
  rawTransferTx: number;
  /** argon2id hashes/s at the login concurrency. */
  hashRps: number;
};

export const TRANSFER_TEMPLATES = ['transfer wallet → game', 'transfer game → wallet'];

export async function measureBaselines(ctx: RunContext, rows: Row[]): Promise<Baselines> {
  const { s, log, load, baseline, checkpoint } = ctx;

  log('baseline: bare Fastify route');
  const bare = await startServer('bare-server.ts');
  ctx.servers.push(bare);
  await load('bare', s.barePort, { duration: s.warmup });
  const bareRun = await load('bare', s.barePort, {});
  await bare.stop();
  rows.push({ name: 'Baseline: bare Fastify route (c=50)', rps: bareRun.rps, p50: bareRun.p50, p99: bareRun.p99 });

  log('baseline: Fastify route with one indexed PostgreSQL read');
  const indexed = await startServer('indexed-server.ts');
  ctx.servers.push(indexed);
  await load('indexed', s.barePort, { duration: s.warmup });
  const indexedRun = await load('indexed', s.barePort, {});
  await indexed.stop();
  rows.push({
    name: `Baseline: Fastify route, one indexed PostgreSQL read (c=${s.connections}, pool ${s.poolSize})`,
    rps: indexedRun.rps,
    p50: indexedRun.p50,
    p99: indexedRun.p99,
  });

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
  await baseline('replay', { templates: TRANSFER_TEMPLATES, duration: s.warmup });
  const marker = await ctx.transferMarker();
  const raw = await baseline('replay', { templates: TRANSFER_TEMPLATES });
  const rawCommitted = (await ctx.committedSince(marker)).ok / raw.duration;
  rows.push({
    name: 'Baseline: raw SQL of the same transfer',
    rps: rawCommitted,
    unit: 'tx',
    p50: raw.p50,
    p99: raw.p99,
  });

  log('baseline: raw SQL of GET /api/wallet');
  await baseline('replay', { templates: ['GET /api/wallet'], duration: s.warmup });
  const rawWallet = await baseline('replay', { templates: ['GET /api/wallet'] });
  rows.push({
    name: 'Baseline: raw SQL of GET /api/wallet',
    rps: rawWallet.rps,
    p50: rawWallet.p50,
    p99: rawWallet.p99,
    ratio: rawWallet.rps / indexedRun.rps,
    baseline: 'one indexed read',
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
  return {
    bareRps: bareRun.rps,
    indexedRps: indexedRun.rps,
    rawWalletRps: rawWallet.rps,
    functionRps: fn.rps,
    rawTransferTx: rawCommitted,
    hashRps: hash.rps,
  };
}
