// Prometheus at GET /api/metrics (decision 057): on only when METRICS_TOKEN is set, and answered only
// to `Authorization: Bearer <METRICS_TOKEN>`. Every response is timed by its route's pattern, never
// its URL, so the number of series stays bounded whatever clients ask for.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Metrics } from '../lib/metrics.ts';
import { safeEqual } from '../lib/tokens.ts';
import { bearerToken } from './authenticate.ts';
import { registerPoolGauges, registerQueueGauges } from './metrics-gauges.ts';

export const METRICS_PATH = '/api/metrics';
/** The route label of requests no route matched (SPA fallback, unknown paths). */
const UNMATCHED = 'unmatched';

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Pick<Config, 'METRICS_TOKEN'>; db: Db; metrics: Metrics }) => {
    const { metrics } = opts;
    // A callback hook: no promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions?.url ?? UNMATCHED;
      metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const token = opts.config.METRICS_TOKEN;
    if (!token) return;
    registerPoolGauges(metrics.registry, opts.db);
    registerQueueGauges(metrics.registry, opts.db, app.log);
    app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const given = bearerToken(request);
      if (!given || !safeEqual(given, token)) throw new AppError('invalid-token');
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
);
