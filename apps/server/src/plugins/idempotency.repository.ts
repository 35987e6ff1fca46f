// The rows of the Idempotency-Key plugin: one per member and key, IN_FLIGHT while the first request
// runs, then DONE with its answer.
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { P } from '../db/placeholder.ts';
import { idempotencyRequests } from '../db/schema/ledger.ts';

/**
 * How a claim or an answer commits. `wait`: the commit returns once its WAL is on disk, as every
 * other commit. `noWait`: it returns at once (`synchronous_commit = off` for that one statement's
 * transaction); the next commit that waits — the route's own — puts it on disk too.
 */
export type KeyCommit = 'wait' | 'noWait';

/**
 * `value` as a text column, read from a scalar subquery that sets `synchronous_commit = off` for the
 * statement's own transaction (an implicit one: the setting lasts until its commit, then goes back).
 */
function withoutFlushWait(value: 'IN_FLIGHT' | 'DONE'): SQL {
  return sql`(select ${sql.raw(`'${value}'`)}::text from set_config('synchronous_commit', 'off', true))`;
}

/** The state of a `noWait` claim, for a route's own statement that makes the claim (`claimWithSession`). */
export function claimStateNoWait(): SQL {
  return withoutFlushWait('IN_FLIGHT');
}

export function createIdempotencyRepository(db: Db) {
  const byMemberKey = and(eq(idempotencyRequests.memberId, P('memberId')), eq(idempotencyRequests.key, P('key')));

  // The claim and the answer of every keyed call, prepared once per connection (decision 035).
  const claimAs = (name: string, state: SQL | 'IN_FLIGHT') =>
    db
      .insert(idempotencyRequests)
      .values({ memberId: P('memberId'), key: P('key'), route: P('route'), requestHash: P('requestHash'), state })
      .onConflictDoNothing()
      .returning({ key: idempotencyRequests.key })
      .prepare(name);
  // The response is bound as text and cast: a placeholder inside sql`` skips the column's JSON encoding.
  const answerAs = (name: string, state: SQL | 'DONE') =>
    db
      .update(idempotencyRequests)
      .set({ state, statusCode: sql`${P('statusCode')}::int`, response: sql`${P('response')}::jsonb` })
      .where(byMemberKey)
      .prepare(name);
  const claims = {
    wait: claimAs('idempotency_claim', 'IN_FLIGHT'),
    noWait: claimAs('idempotency_claim_nowait', withoutFlushWait('IN_FLIGHT')),
  };
  const answers = {
    wait: answerAs('idempotency_done', 'DONE'),
    noWait: answerAs('idempotency_done_nowait', withoutFlushWait('DONE')),
  };

  return {
    /** True when this call made the row (the key was free). */
    async claim(
      row: { memberId: number; key: string; route: string; requestHash: string },
      commit: KeyCommit,
    ): Promise<boolean> {
      return (await claims[commit].execute(row)).length > 0;
    },

    async find(memberId: number, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyRequests)
        .where(and(eq(idempotencyRequests.memberId, memberId), eq(idempotencyRequests.key, key)))
        .limit(1);
      return row ?? null;
    },

    /** Takes over a claim still IN_FLIGHT since before `staleBefore` (its process died); true when taken. */
    async takeOver(memberId: number, key: string, staleBefore: Date): Promise<boolean> {
      const taken = await db
        .update(idempotencyRequests)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyRequests.memberId, memberId),
            eq(idempotencyRequests.key, key),
            eq(idempotencyRequests.state, 'IN_FLIGHT'),
            lt(idempotencyRequests.createdAt, staleBefore),
          ),
        )
        .returning({ key: idempotencyRequests.key });
      return taken.length > 0;
    },

    /** Stores the first answer; `response` is the JSON text of the body, or null. */
    async answer(
      row: { memberId: number; key: string; statusCode: number; response: string | null },
      commit: KeyCommit,
    ): Promise<void> {
      await answers[commit].execute(row);
    },

    /** Frees the key after an answer that was no definite one (a 5xx): it may be tried again. */
    async release(memberId: number, key: string): Promise<void> {
      await db
        .delete(idempotencyRequests)
        .where(and(eq(idempotencyRequests.memberId, memberId), eq(idempotencyRequests.key, key)));
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
