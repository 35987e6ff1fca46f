import Fastify, { type onRequestHookHandler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ownRouteHooksPlugin } from './own-route-hooks.ts';

/** An app whose later `onRoute` hook pushes a counting hook into each route's list, as compress does. */
async function appWithSharedList(withPlugin: boolean) {
  const app = Fastify();
  if (withPlugin) await app.register(ownRouteHooksPlugin);
  const runs = { pushed: 0, shared: 0 };
  app.addHook('onRoute', (route) => {
    const pushed: onRequestHookHandler = (_request, _reply, done) => {
      runs.pushed += 1;
      done();
    };
    if (Array.isArray(route.onRequest)) route.onRequest.push(pushed);
  });
  const shared = {
    onRequest: [
      ((_request, _reply, done) => {
        runs.shared += 1;
        done();
      }) as onRequestHookHandler,
    ],
  };
  app.post('/a', shared, async () => ({}));
  app.post('/b', shared, async () => ({}));
  app.post('/c', shared, async () => ({}));
  await app.ready();
  return { app, runs, shared };
}

describe('ownRouteHooksPlugin', () => {
  it('runs a hook a plugin adds to a shared list once per request', async () => {
    const { app, runs, shared } = await appWithSharedList(true);
    await app.inject({ method: 'POST', url: '/b' });
    expect(runs).toEqual({ pushed: 1, shared: 1 });
    expect(shared.onRequest).toHaveLength(1);
    await app.close();
  });

  it('is what keeps it once: without it, every route sharing the list runs every copy', async () => {
    const { app, runs } = await appWithSharedList(false);
    await app.inject({ method: 'POST', url: '/b' });
    expect(runs).toEqual({ pushed: 3, shared: 1 });
    await app.close();
  });
});
