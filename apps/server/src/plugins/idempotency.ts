// Idempotency-Key on money calls (docs/architecture.md §3.1): the first answer to a key is stored and replayed
// for every repeat of the same request; the same key with another body is refused, and so is a
// repeat while the first is still running. Routes opt in with `config: { idempotent: true }`.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { bearerToken, type MemberSession } from './authenticate.ts';
import { createIdempotencyRepository, type KeyCommit } from './idempotency.repository.ts';

/**
 * A route's own statement that checks a bearer token's session (its SHA-256 hash, live at `now` by
 * the session lookup's rule) and, only for a live session, makes the `noWait` claim of `key`, in one
 * round trip. Null: no live session, nothing written. `claimed` false: the key was taken.
 */
export type ClaimWithSession = (q: {
  tokenHash: string;
  now: Date;
  key: string;
  route: string;
  requestHash: string;
}) => Promise<{ session: MemberSession & { expiresAt: Date }; claimed: boolean } | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
    /**
     * The route books its money under the same key in the ledger (unique per member, type and key)
     * before it asks any outside party to move money, and answers a repeat from that row. Its claim and answer
     * then commit without waiting for the WAL flush: a claim lost in a database crash let nothing
     * durable happen after it (the route's own commit would have flushed it), and a repeat that
     * runs again meets the ledger's key; a lost answer leaves the key IN_FLIGHT, taken over once
     * stale like after a process crash, and the repeat is answered from the ledger.
     */
    keyInLedger?: boolean;
    /**
     * With `keyInLedger`, for a route that leaves its authentication to this plugin (no `authenticate`
     * hook): a keyed call whose token this instance has not verified lately checks the session and
     * claims the key in this one statement; any other call is authenticated as usual first. The
     * route sets `attachValidation`: a body that fails validation is refused only after the session
     * check, so a dead token gets 401 before any 400.
     */
    claimWithSession?: ClaimWithSession;
  }
  interface FastifyRequest {
    idempotency: { memberId: number; key: string; commit: KeyCommit } | null;
  }
}

const KEY_PATTERN = /^[\w:.-]{8,128}$/;
/** A first request that has not answered in this long died with its process: its key may be retried. */
const STALE_MS = 120_000;

function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url} ${request.url}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const repo = createIdempotencyRepository(opts.db);
  app.decorateRequest('idempotency', null);

  /**
   * A keyed call of a `claimWithSession` route: the session and the claim together (one statement when
   * the session cache does not know the token). Null when the call has no usable key or token: it is
   * authenticated as usual (401 without a live session) and takes the ordinary path.
   */
  async function claimWithSession(request: FastifyRequest, fused: ClaimWithSession) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    const token = bearerToken(request);
    if (!token || typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      await request.server.authenticate(request);
      return null;
    }
    const requestHash = requestHashOf(request);
    const route = request.routeOptions.url ?? request.url;
    const found = await request.server.sessions.verifyWith(
      token,
      (session) => repo.claim({ memberId: session.memberId, key, route, requestHash }, 'noWait'),
      async (tokenHash, now) => {
        const row = await fused({ tokenHash, now, key, route, requestHash });
        return row && { session: row.session, value: row.claimed };
      },
    );
    if (!found) throw new AppError('invalid-token');
    request.session = found.session;
    return { memberId: found.session.memberId, key, requestHash, claimed: found.value };
  }

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config;
    const commit: KeyCommit = config.keyInLedger ? 'noWait' : 'wait';
    // A `claimWithSession` route attaches its body's validation error (`attachValidation`) so the
    // session is checked first: without a live one the answer is 401, as on every member route.
    if (config.claimWithSession && request.validationError) {
      if (!request.session) await request.server.authenticate(request);
      throw request.validationError;
    }
    const fused =
      config.keyInLedger && config.claimWithSession && !request.session
        ? await claimWithSession(request, config.claimWithSession)
        : null;
    if (!request.session) return;
    let claim: { memberId: number; key: string; requestHash: string; claimed: boolean };
    if (fused) claim = fused;
    else {
      const key = request.headers[IDEMPOTENCY_HEADER];
      // Without a key the call still runs once (a client may not send one); with one it is replayable.
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY_PATTERN.test(key))
        throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
      const memberId = request.session.memberId;
      const requestHash = requestHashOf(request);
      const route = request.routeOptions.url ?? request.url;
      const claimed = await repo.claim({ memberId, key, route, requestHash }, commit);
      claim = { memberId, key, requestHash, claimed };
    }
    const { memberId, key, requestHash } = claim;
    if (claim.claimed) {
      request.idempotency = { memberId, key, commit };
      return;
    }
    const first = await repo.find(memberId, key);
    if (!first) throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
    if (first.requestHash !== requestHash) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-reused' });
    if (first.state === 'DONE') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(first.statusCode ?? 200).send(first.response);
    }
    // Still running — or its process died: take it over only when stale.
    if (!(await repo.takeOver(memberId, key, new Date(Date.now() - STALE_MS))))
      throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    request.idempotency = { memberId, key, commit };
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500) {
      // No definite answer was given: the key may be tried again.
      await repo.release(claim.memberId, claim.key);
      return payload;
    }
    const response = typeof payload === 'string' ? JSON.parse(payload) : null;
    await repo.answer(
      {
        memberId: claim.memberId,
        key: claim.key,
        statusCode: reply.statusCode,
        response: response === null ? null : JSON.stringify(response),
      },
      claim.commit,
    );
    return payload;
  }

  // Hooks of the idempotent routes only, first among each route's own: every other route pays nothing.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [preHandler, ...hooksOf(route.preHandler)];
    route.onSend = [onSend, ...hooksOf(route.onSend)];
  });
});

/** A route option's hooks (none, one or several) as a list. */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
