// Each route gets its own lists of hooks before any other `onRoute` hook sees them. Route modules
// share one options object between their routes (`const member = { onRequest: [app.authenticate] }`),
// and @fastify/compress and @fastify/rate-limit push their hooks into the list they are given: with a
// shared list, every route that shares it would run the hooks added for all of them, once per route.
// Registered before every plugin that adds route hooks.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

const ROUTE_HOOKS = [
  'onRequest',
  'onRequestAbort',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
] as const satisfies readonly (keyof RouteOptions)[];

export const ownRouteHooksPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const hooks = route as unknown as Record<string, unknown>;
    for (const name of ROUTE_HOOKS) {
      const list = hooks[name];
      if (Array.isArray(list)) hooks[name] = [...list];
    }
  });
});
