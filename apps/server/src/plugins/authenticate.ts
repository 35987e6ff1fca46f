// Member calls carry `Authorization: Bearer <token>`; anything else answers 401 invalid-token.
// Verified sessions come from the session service's in-process cache when they can (decision 034).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { MemberSession, SessionService } from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    sessions: SessionService;
  }
  interface FastifyRequest {
    session: MemberSession | null;
  }
}

/** `Bearer <token>` and nothing else: one run of visible ASCII; `Bearer <token> junk` carries no token. */
const BEARER = /^bearer +([\x21-\x7e]+) *$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The member whose session made this call; routes behind `authenticate` always have one. */
export function memberOf(request: FastifyRequest): MemberSession {
  if (!request.session) throw new AppError('invalid-token');
  return request.session;
}

export const authenticatePlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorate('sessions', opts.sessions);
  opts.sessions.useLog(app.log);
  app.addHook('onReady', () => opts.sessions.start());
  app.addHook('onClose', () => opts.sessions.stop());
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await opts.sessions.verify(token) : null;
    if (!session) throw new AppError('invalid-token');
    request.session = session;
  });
});
