// The Prometheus metrics of one app (decision 057): a registry of its own, so apps built side by side
// in one process (tests) never share a series. Code paths record through the small functions here;
// plugins/metrics.ts serves the registry and adds what is read at scrape time.
import { performance } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How an outside call ended: answered, refused for good, no definite answer, or a bug of ours. */
export type CallOutcome = 'ok' | 'rejected' | 'unavailable' | 'error';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(opts: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'krapao_' });

  const http = new Histogram({
    name: 'krapao_http_request_duration_seconds',
    help: 'HTTP requests by routed path pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const outsideCalls = new Histogram({
    name: 'krapao_adapter_call_duration_seconds',
    help: 'Calls to outside parties (game provider, gateway, payout bank…) by adapter, method and outcome',
    labelNames: ['adapter', 'method', 'outcome'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const transfers = new Counter({
    name: 'krapao_transfers_total',
    help: 'Wallet/game transfer legs by direction and outcome as they happen (UNKNOWN ones count again when settled)',
    labelNames: ['direction', 'outcome'] as const,
    registers: [registry],
  });
  const deposits = new Counter({
    name: 'krapao_deposits_total',
    help: 'Deposits by source: credited, or duplicate (the outside reference was already credited)',
    labelNames: ['source', 'outcome'] as const,
    registers: [registry],
  });
  const walletViews = new Counter({
    name: 'krapao_wallet_view_cache_total',
    help: 'GET /api/wallet views: answered from the instance cache (hit) or read from the database (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const jobs = createJobMetrics(registry);

  return {
    registry,
    ...jobs,
    httpRequest(method: string, route: string, status: number, seconds: number) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    transfer(direction: string, outcome: string) {
      transfers.inc({ direction, outcome });
    },
    deposit(source: string, outcome: 'credited' | 'duplicate') {
      deposits.inc({ source, outcome });
    },
    walletView(result: 'hit' | 'miss') {
      walletViews.inc({ result });
    },
    /** Times `call`, labelled by how it ended; the call's answer or error passes through untouched. */
    async timeCall<T>(adapter: string, method: string, call: () => Promise<T>): Promise<T> {
      const started = performance.now();
      let outcome: CallOutcome = 'ok';
      try {
        return await call();
      } catch (err) {
        outcome = outcomeOf(err);
        throw err;
      } finally {
        outsideCalls.observe({ adapter, method, outcome }, (performance.now() - started) / 1000);
      }
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Every port names its errors <Party>Rejected (definitive) and <Party>Unavailable (no answer). */
function outcomeOf(err: unknown): CallOutcome {
  const name = err instanceof Error ? err.name : '';
  if (name.endsWith('Rejected')) return 'rejected';
  if (name.endsWith('Unavailable')) return 'unavailable';
  return 'error';
}

/** Per background job: pass durations, failures, when it last ran and how late its last success is. */
function createJobMetrics(registry: Registry) {
  const started = new Map<string, { at: number; intervalMs: number }>();
  const lastSuccess = new Map<string, number>();
  const duration = new Histogram({
    name: 'krapao_job_duration_seconds',
    help: 'Background job passes by job',
    labelNames: ['job'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'krapao_job_failures_total',
    help: 'Errors a background job reported (a failed pass, or one item of it)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: 'krapao_job_last_run_timestamp_seconds',
    help: 'When the job last finished a pass (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'krapao_job_lag_seconds',
    help: 'Seconds since the job last finished a pass without error (since it started when none has)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, { at }] of started) this.set({ job }, (now - (lastSuccess.get(job) ?? at)) / 1000);
    },
  });
  new Gauge({
    name: 'krapao_job_interval_seconds',
    help: 'How often the job runs on this instance',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const [job, { intervalMs }] of started) this.set({ job }, intervalMs / 1000);
    },
  });

  return {
    jobStarted(job: string, intervalMs: number) {
      started.set(job, { at: Date.now(), intervalMs });
    },
    jobPass(job: string, pass: { ms: number; ok: boolean }) {
      duration.observe({ job }, pass.ms / 1000);
      lastRun.set({ job }, Date.now() / 1000);
      if (pass.ok) lastSuccess.set(job, Date.now());
    },
    jobFailed(job: string) {
      failures.inc({ job });
    },
  };
}

/**
 * `target` with the listed methods timed as calls to the outside party `adapter`; everything else
 * (sandbox controls, close) passes through as it is. Without metrics, `target` itself.
 */
export function timedAdapter<T extends object>(
  metrics: Metrics | undefined,
  adapter: string,
  target: T,
  methods: readonly (keyof T & string)[],
): T {
  if (!metrics) return target;
  const timed = new Set<PropertyKey>(methods);
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (!timed.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => metrics.timeCall(adapter, String(prop), () => value.apply(obj, args));
    },
  });
}
