// Idempotency-Key on money calls (docs/architecture.md §3.1): the first answer to a key is stored and replayed
// for every repeat of the same request; the same key with another body is refused, and so is a
// repeat while the first is still running. Routes opt in with `config: { idempotent: true }`.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createIdempotencyRepository, type KeyCommit } from './idempotency.repository.ts';

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
  }
  interface FastifyRequest {
    idempotency: { memberId: number; key: string; commit: KeyCommit } | null;
  }
}

const KEY_PATTERN = /^[\w:.-]{8,128}$/;
/** A first request that has not answered in this long died with its process: its key may be retried. */
const STALE_MS = 120_000;

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url} ${request.url}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const repo = createIdempotencyRepository(opts.db);
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!config.idempotent || !request.session) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    // Without a key the call still runs once (a client may not send one); with one it is replayable.
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
    const memberId = request.session.memberId;
    const hash = requestHash(request);
    const route = request.routeOptions.url ?? request.url;
    const commit: KeyCommit = config.keyInLedger ? 'noWait' : 'wait';

    if (await repo.claim({ memberId, key, route, requestHash: hash }, commit)) {
      request.idempotency = { memberId, key, commit };
      return;
    }
    const first = await repo.find(memberId, key);
    if (!first) throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
    if (first.requestHash !== hash) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-reused' });
    if (first.state === 'DONE') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(first.statusCode ?? 200).send(first.response);
    }
    // Still running — or its process died: take it over only when stale.
    if (!(await repo.takeOver(memberId, key, new Date(Date.now() - STALE_MS))))
      throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    request.idempotency = { memberId, key, commit };
  });

  app.addHook('onSend', async (request, reply, payload) => {
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
  });
});
