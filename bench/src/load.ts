// The load generator: a process of its own, on loopback only, bounded in count and time. Closed-loop
// runs (the maximum) use autocannon with N connections; open-loop runs (latency at a given arrival
// rate) send on a fixed schedule and time each request from when it was due, so a slow server
// cannot hide its queueing (no coordinated omission). Prints one JSON line with the result.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { rawHttpClient } from './raw-http.ts';
import type { BenchMember } from './seed.ts';

export type Workload = 'bare' | 'answer' | 'indexed' | 'wallet' | 'transfer' | 'login' | 'statement';

export type LoadSpec = {
  mode: 'closed' | 'open' | 'sequential';
  workload: Workload;
  port: number;
  /**
   * Closed loop: connections. Open loop: the most connections open at once. Sequential: workers, each
   * waiting for its answer (sub-ms timing).
   */
  connections: number;
  /** Seconds. */
  duration: number;
  /** Open loop: requests per second. */
  rate?: number;
  /**
   * Open loop: seconds sent on the same schedule before the measured ones and not counted (fresh
   * keep-alive connections, the generator's own JIT), as the closed loops have their warm-up run.
   */
  warmup?: number;
  membersFile?: string;
  /** Only members whose id % 16 equals this (all on one house-account shard). */
  shard?: number;
  /** Distinguishes Idempotency-Keys between runs. */
  runId: string;
  game?: string;
  password?: string;
  transferBaht?: number;
  statement?: { token: string; page: number; limit: number };
};

export type LoadResult = {
  requests: number;
  duration: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};

type Req = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export function requestMaker(spec: LoadSpec): () => Req {
  const all: BenchMember[] = spec.membersFile ? JSON.parse(readFileSync(spec.membersFile, 'utf8')) : [];
  const members = spec.shard === undefined ? all : all.filter((m) => m.id % 16 === spec.shard);
  const pick = () => members[Math.floor(Math.random() * members.length)]!;
  const json = { 'content-type': 'application/json' };
  let seq = 0;
  switch (spec.workload) {
    case 'bare':
      return () => ({ method: 'GET', path: '/', headers: {} });
    case 'answer':
      // The wallet's request (the same headers) to the bare route answering the wallet's bytes.
      return () => ({ method: 'GET', path: '/answer', headers: { authorization: `Bearer ${pick().token}` } });
    case 'indexed':
      return () => ({ method: 'GET', path: `/member/${pick().id}`, headers: {} });
    case 'wallet':
      return () => ({ method: 'GET', path: '/api/wallet', headers: { authorization: `Bearer ${pick().token}` } });
    case 'transfer':
      return () => {
        const m = pick();
        const toGame = Math.random() < 0.5;
        seq += 1;
        return {
          method: 'POST',
          path: '/api/wallet/transfer',
          headers: { ...json, authorization: `Bearer ${m.token}`, 'idempotency-key': `bench-${spec.runId}-${seq}` },
          body: JSON.stringify({
            from: toGame ? 'WALLET' : spec.game,
            to: toGame ? spec.game : 'WALLET',
            amount: spec.transferBaht ?? 1,
          }),
        };
      };
    case 'login':
      return () => ({
        method: 'POST',
        path: '/api/login',
        headers: json,
        body: JSON.stringify({ username: pick().username, password: spec.password }),
      });
    case 'statement': {
      const st = spec.statement!;
      const body = JSON.stringify({ page: st.page, limit: st.limit });
      return () => ({
        method: 'POST',
        path: '/api/statement',
        headers: { ...json, authorization: `Bearer ${st.token}` },
        body,
      });
    }
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(latencies: number[], durationS: number, codes: Record<string, number>, errors: number): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  const ok = Object.entries(codes).reduce((n, [c, k]) => (c.startsWith('2') ? n + k : n), 0);
  const all = Object.values(codes).reduce((a, b) => a + b, 0);
  return {
    requests: all,
    duration: durationS,
    rps: all / durationS,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
    ok,
    non2xx: all - ok,
    errors,
    statusCodes: codes,
  };
}

async function closed(spec: LoadSpec): Promise<LoadResult> {
  const next = requestMaker(spec);
  const result = await autocannon({
    url: `http://127.0.0.1:${spec.port}`,
    connections: spec.connections,
    duration: spec.duration,
    timeout: 30,
    requests: [{ setupRequest: (req: object) => ({ ...req, ...next() }) }],
  } as autocannon.Options);
  const codes: Record<string, number> = {};
  for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (v as { count: number }).count;
  const all = Object.values(codes).reduce((a, b) => a + b, 0);
  const ok = result['2xx'];
  return {
    requests: all,
    duration: result.duration,
    rps: all / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok,
    non2xx: all - ok,
    errors: result.errors + result.timeouts,
    statusCodes: codes,
  };
}

function send(agent: http.Agent, port: number, r: Req): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(r.body);
  });
}

/**
 * Requests due at a fixed rate, each timed from when it was due; the warm-up's are not counted.
 * Sent with the raw client (raw-http.ts) over at most `connections` connections, as many as the
 * closed loop's: its CPU is taken from what is being measured.
 */
async function open(spec: LoadSpec): Promise<LoadResult> {
  const next = requestMaker(spec);
  const rate = spec.rate!;
  const warm = Math.round(rate * (spec.warmup ?? 0));
  const total = warm + Math.max(1, Math.round(rate * spec.duration));
  const client = rawHttpClient(spec.port, spec.connections);
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let errors = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now() + 50;
  const interval = 1000 / rate;
  const measuredFrom = start + warm * interval;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const due = start + sent * interval;
        const counted = sent >= warm;
        sent += 1;
        const p = client
          .send(next())
          .then((status) => {
            if (!counted) return;
            codes[status] = (codes[status] ?? 0) + 1;
            latencies.push(performance.now() - due);
          })
          .catch(() => {
            if (counted) errors += 1;
          })
          .finally(() => pending.delete(p));
        pending.add(p);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 1);
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  client.close();
  return summarise(latencies, Math.max(elapsed, spec.duration), codes, errors);
}

/** N workers, each sending its next request when the last answered: for sub-millisecond latencies. */
async function sequential(spec: LoadSpec): Promise<LoadResult> {
  const next = requestMaker(spec);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let errors = 0;
  const start = performance.now();
  const end = start + spec.duration * 1000;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const status = await send(agent, spec.port, next());
          codes[status] = (codes[status] ?? 0) + 1;
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  agent.destroy();
  return summarise(latencies, (performance.now() - start) / 1000, codes, errors);
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  const run = spec.mode === 'open' ? open : spec.mode === 'sequential' ? sequential : closed;
  const result = await run(spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
