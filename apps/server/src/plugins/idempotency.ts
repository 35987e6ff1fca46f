// Idempotency-Key on money calls (docs/architecture.md §3.1): the first answer to a key is stored and replayed
// for every repeat of the same request; the same key with another body is refused, and so is a
// repeat while the first is still running. Routes opt in with `config: { idempotent: true }`.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { idempotencyRequests } from '../db/schema/ledger.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { memberId: number; key: string } | null;
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
  const { db } = opts;
  app.decorateRequest('idempotency', null);
  // The claim and the answer of every keyed call, prepared once per connection (decision 035).
  const P = (name: string) => sql.placeholder(name);
  const claimKey = db
    .insert(idempotencyRequests)
    .values({
      memberId: P('memberId'),
      key: P('key'),
      route: P('route'),
      requestHash: P('requestHash'),
      state: 'IN_FLIGHT',
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyRequests.key })
    .prepare('idempotency_claim');
  const answerKey = db
    .update(idempotencyRequests)
    .set({ state: 'DONE', statusCode: sql`${P('statusCode')}::int`, response: sql`${P('response')}::jsonb` })
    .where(and(eq(idempotencyRequests.memberId, P('memberId')), eq(idempotencyRequests.key, P('key'))))
    .prepare('idempotency_done');

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.session) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    // Without a key the call still runs once (a client may not send one); with one it is replayable.
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
    const memberId = request.session.memberId;
    const hash = requestHash(request);
    const route = request.routeOptions.url ?? request.url;

    const [claimed] = await claimKey.execute({ memberId, key, route, requestHash: hash });
    if (claimed) {
      request.idempotency = { memberId, key };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyRequests)
      .where(and(eq(idempotencyRequests.memberId, memberId), eq(idempotencyRequests.key, key)))
      .limit(1);
    if (!first) throw new AppError('KEY_INVALID', { reason: 'idempotency-key' });
    if (first.requestHash !== hash) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-reused' });
    if (first.state === 'DONE') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(first.statusCode ?? 200).send(first.response);
    }
    // Still running — or its process died: take it over only when stale.
    const [takenOver] = await db
      .update(idempotencyRequests)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          eq(idempotencyRequests.memberId, memberId),
          eq(idempotencyRequests.key, key),
          eq(idempotencyRequests.state, 'IN_FLIGHT'),
          lt(idempotencyRequests.createdAt, new Date(Date.now() - STALE_MS)),
        ),
      )
      .returning({ key: idempotencyRequests.key });
    if (!takenOver) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    request.idempotency = { memberId, key };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyRequests.memberId, claim.memberId), eq(idempotencyRequests.key, claim.key));
    if (reply.statusCode >= 500) {
      // No definite answer was given: the key may be tried again.
      await db.delete(idempotencyRequests).where(where);
      return payload;
    }
    const response = typeof payload === 'string' ? JSON.parse(payload) : null;
    await answerKey.execute({
      memberId: claim.memberId,
      key: claim.key,
      statusCode: reply.statusCode,
      // Bound as text and cast: a placeholder inside sql`` skips the column's JSON encoding.
      response: response === null ? null : JSON.stringify(response),
    });
    return payload;
  });
});
