import { healthPaths, ZHealthLive, ZHealthNotReady, ZHealthReady } from '@krapao/contracts/health';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../lib/fastify.ts';
import type { HealthService } from './health.service.ts';

/** Probes come every few seconds from one address: never rate-limited, logged only when they fail. */
const probe = { config: { rateLimit: false }, logLevel: 'warn' } as const;

export async function healthRoutes(fastify: FastifyInstance, { health }: { health: HealthService }) {
  const app = typed(fastify);
  const tags = ['health'];

  app.get(healthPaths.live, { ...probe, schema: { tags, response: { 200: ZHealthLive } } }, () => health.live());
  app.get(
    healthPaths.ready,
    { ...probe, schema: { tags, response: { 200: ZHealthReady, 503: ZHealthNotReady } } },
    async (_req, reply) => {
      const state = await health.ready();
      if (state.ready) return state;
      return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' as const, ...state });
    },
  );
}
