// Health of one server instance, for load balancers and orchestrators: live while the process
// answers; ready while it can serve (database, Redis when configured, migrations, jobs) and is not
// stopping. Not ready answers 503 in the catalogue's shape with every check's outcome.
import { z } from 'zod';

export const healthPaths = {
  live: '/api/health/live',
  ready: '/api/health/ready',
} as const;

export const ZHealthLive = z.object({ live: z.literal(true), uptimeSeconds: z.number() });
export type THealthLive = z.infer<typeof ZHealthLive>;

/** One check: `detail` says what was found (a count, a version) or why it failed. */
export const ZHealthCheck = z.object({ ok: z.boolean(), detail: z.string().optional() });
export type THealthCheck = z.infer<typeof ZHealthCheck>;

export const HEALTH_CHECKS = ['accepting', 'database', 'migrations', 'redis', 'jobs'] as const;
export type HealthCheckName = (typeof HEALTH_CHECKS)[number];

export const ZHealthReady = z.object({
  ready: z.boolean(),
  checks: z.partialRecord(z.enum(HEALTH_CHECKS), ZHealthCheck),
});
export type THealthReady = z.infer<typeof ZHealthReady>;

/** 503: the catalogue's shape, `message` a code, beside the same checks. */
export const ZHealthNotReady = ZHealthReady.extend({ message: z.literal('INTERNAL_SERVER_ERROR') });
export type THealthNotReady = z.infer<typeof ZHealthNotReady>;
