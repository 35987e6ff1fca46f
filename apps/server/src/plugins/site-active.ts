// Site closed (docs/product.md §6): GET /api/lookup/active still answers 200 with
// `terminated: "gone"`; every other API call answers 410 `{ message: "gone" }`.

import { lookupPaths } from '@krapao/contracts/lookup';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { routedPath } from '../lib/routed-path.ts';
import { METRICS_PATH } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    isSiteActive: () => Promise<boolean>;
  }
}

const PAYMENT_WEBHOOK_PREFIX = '/api/payments/webhook/';
const HEALTH_PREFIX = '/api/health/';
const OPS_PREFIX = '/api/ops/';

/** The `active` site setting's reader (the lookup module's settings repository; app.ts passes it in). */
export type SiteActiveSetting = { get(key: 'active'): Promise<boolean | undefined> };

export const siteActivePlugin = fp(async (app: FastifyInstance, opts: { settings: SiteActiveSetting }) => {
  // Settings are cached for a second and forgotten when this instance changes them (settings.repository).
  async function isSiteActive() {
    return (await opts.settings.get('active')) !== false;
  }
  app.decorate('isSiteActive', isSiteActive);
  app.addHook('onRequest', async (request) => {
    // The routed path: `/%61pi/wallet` is the wallet call, and is closed with it.
    const url = routedPath(request);
    if (!url.startsWith('/api/') || url === lookupPaths.active || url.startsWith('/api/docs')) return;
    // Outside parties telling us money has arrived are heard even while the site is closed.
    if (url.startsWith(PAYMENT_WEBHOOK_PREFIX)) return;
    // Monitoring goes on while members are kept out.
    if (url === METRICS_PATH) return;
    // So do health probes: a closed site is still a ready instance.
    if (url.startsWith(HEALTH_PREFIX)) return;
    // Staff keep working while members are kept out: the console is where the site reopens.
    if (url.startsWith(OPS_PREFIX)) return;
    if (!(await isSiteActive())) throw new AppError('gone');
  });
});
