// Behind a load balancer the client's address is in X-Forwarded-For, believed only from the proxies
// TRUST_PROXY names (lib/trust-proxy.ts). Production refuses to start until TRUST_PROXY is decided
// (config.ts). With `none`, forwarded headers are ignored; the first request that carries one is
// logged, since behind an unnamed proxy every client shares the balancer's address and so one
// per-IP limit (or a client is sending the header itself).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@krapao/contracts/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type TrustProxy, trustsPeer } from '../lib/trust-proxy.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Fastify's genReqId: a trusted proxy's x-request-id when well formed, else a new one. */
export function requestIdOf(trust: TrustProxy): (req: IncomingMessage) => string {
  const isTrusted = trustsPeer(trust);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const isUsable = typeof given === 'string' && REQUEST_ID.test(given) && isTrusted(req.socket?.remoteAddress);
    return isUsable ? given : randomUUID();
  };
}

export const proxyTrustPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  if (!opts.config.isProduction || opts.config.TRUST_PROXY !== false) return;
  let isLogged = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isLogged && request.headers['x-forwarded-for'] !== undefined) {
      isLogged = true;
      request.log.warn(
        { peer: request.socket.remoteAddress },
        'a request carries X-Forwarded-For but TRUST_PROXY=none: if a proxy is in front, name it in TRUST_PROXY',
      );
    }
    done();
  });
});
