// Member calls carry `Authorization: Bearer <token>`; anything else answers 401 invalid-token.
// Verified sessions come from the session service's in-process cache when they can (decision 034).
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** The member a verified bearer token belongs to. */
export type MemberSession = { memberId: number; sessionId: number };

/**
 * What the app needs of the session service (modules/auth/session.service.ts; app.ts passes it in):
 * declared here, so the plugins import no module.
 */
export type AppSessions = {
  verify(token: string): Promise<MemberSession | null>;
  /**
   * `verify` for a route whose own statement checks the session when this instance does not know the
   * token: `known` runs for a session verified moments ago; `lookup` gets the token's hash and the
   * app's clock, applies the session lookup's rule and answers the session with the route's value, or
   * null (no live session). Null: the token is not live.
   */
  verifyWith<T>(
    token: string,
    known: (session: MemberSession) => Promise<T>,
    lookup: (
      tokenHash: string,
      now: Date,
    ) => Promise<{ session: MemberSession & { expiresAt: Date }; value: T } | null>,
  ): Promise<{ session: MemberSession; value: T } | null>;
  /** Every revocation, made here or heard from another instance; answers the unsubscribe. */
  onRevoked(listener: (r: { sessionId: number } | { memberId: number }) => void): () => void;
  /** Drops the member's cached sessions on every instance (after a change that ends them). */
  forgetMember(memberId: number): Promise<void>;
  clearCache(): void;
  useLog(log: FastifyBaseLogger): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    sessions: AppSessions;
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

export const authenticatePlugin = fp(async (app: FastifyInstance, opts: { sessions: AppSessions }) => {
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
