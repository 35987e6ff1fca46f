// Whether this instance can serve: each check bounded by a deadline, so a database that hangs
// answers "not ready" as fast as one that refuses.
import type { HealthCheckName, THealthCheck, THealthReady } from '@krapao/contracts/health';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../../context.ts';
import { migrationState } from '../../db/client.ts';
import type { Jobs } from '../../jobs.ts';

const CHECK_TIMEOUT_MS = 2_000;

export type HealthDeps = {
  jobs: Pick<Jobs, 'notRunning'>;
  isStopping: () => boolean;
  log: FastifyBaseLogger;
  timeoutMs?: number;
};

class CheckTimeout extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createHealthService(ctx: AppContext, deps: HealthDeps) {
  const started = Date.now();
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  // Its own connection: a probe never waits behind the rate limiter's or the chat's commands.
  const redis = ctx.config.REDIS_URL
    ? new Redis(ctx.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: timeoutMs })
    : null;
  redis?.on('error', () => {});

  /** A failure is logged here; the answer names only what failed (no addresses, no SQL). */
  async function check(name: HealthCheckName, run: () => Promise<THealthCheck>): Promise<THealthCheck> {
    try {
      return await within(run(), timeoutMs);
    } catch (err) {
      deps.log.warn({ err, check: name }, 'readiness check failed');
      return { ok: false, detail: err instanceof CheckTimeout ? err.message : 'unreachable' };
    }
  }

  async function migrations(): Promise<THealthCheck> {
    const { expected, applied } = await migrationState(ctx.db);
    // A newer build may have migrated ahead (a rolling deploy): its changes are additive.
    if (applied !== null && applied >= expected) return { ok: true, detail: `at ${applied}` };
    return { ok: false, detail: `at ${applied ?? 'none'}, expected ${expected}` };
  }

  return {
    live: () => ({ live: true as const, uptimeSeconds: Math.round((Date.now() - started) / 1000) }),

    async ready(): Promise<THealthReady> {
      const stopping = deps.isStopping();
      const notRunning = deps.jobs.notRunning();
      const [database, migrated, cache] = await Promise.all([
        check('database', async () => {
          await ctx.db.execute(sql`select 1`);
          return { ok: true };
        }),
        check('migrations', migrations),
        redis ? check('redis', async () => ({ ok: (await redis.ping()) === 'PONG' })) : null,
      ]);
      const checks: THealthReady['checks'] = {
        accepting: stopping ? { ok: false, detail: 'stopping' } : { ok: true },
        database,
        migrations: migrated,
        ...(cache ? { redis: cache } : {}),
        jobs: notRunning.length
          ? { ok: false, detail: `not running: ${notRunning.join(', ')}` }
          : { ok: true, detail: 'running' },
      };
      return { ready: Object.values(checks).every((c) => c.ok), checks };
    },

    async close() {
      if (redis) redis.disconnect();
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
