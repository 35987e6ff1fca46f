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
export type SiteActiveSetting = {
  get(key: 'active'): Promise<boolean | undefined>;
  /** The cached value when it is loaded and fresh, without a promise; undefined when `get` must be asked. */
  peek(key: 'active'): { readonly value: boolean | undefined } | undefined;
};

export const siteActivePlugin = fp(async (app: FastifyInstance, opts: { settings: SiteActiveSetting }) => {
  // Settings are cached for a second and forgotten when this instance changes them (settings.repository).
  async function isSiteActive() {
    return (await opts.settings.get('active')) !== false;
  }
  app.decorate('isSiteActive', isSiteActive);
  // A callback hook that reads the cached setting without a promise; it waits only when the
  // setting has to be loaded (once a second, or after this instance changed it).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isClosable(routedPath(request))) return done();
    const cached = opts.settings.peek('active');
    if (cached) return done(cached.value === false ? new AppError('gone') : undefined);
    isSiteActive().then((active) => done(active ? undefined : new AppError('gone')), done);
  });
});

/** Whether a closed site refuses this routed path (`/%61pi/wallet` is the wallet call, and is closed with it). */
function isClosable(url: string): boolean {
  if (!url.startsWith('/api/') || url === lookupPaths.active || url.startsWith('/api/docs')) return false;
  // Outside parties telling us money has arrived are heard even while the site is closed.
  if (url.startsWith(PAYMENT_WEBHOOK_PREFIX)) return false;
  // Monitoring goes on while members are kept out.
  if (url === METRICS_PATH) return false;
  // So do health probes: a closed site is still a ready instance.
  if (url.startsWith(HEALTH_PREFIX)) return false;
  // Staff keep working while members are kept out: the console is where the site reopens.
  return !url.startsWith(OPS_PREFIX);
}
