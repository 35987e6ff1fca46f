// The session check and the Idempotency-Key claim of a transfer in one round trip, for a bearer token
// this instance has not verified lately (most transfers: a member transfers now and then, the session
// cache keeps a token for seconds). Prepared (`idempotency_claim_by_token`). Replaces the session
// lookup (`session_find_live`, whose rule `liveSessionRule` it applies) followed by the plugin's
// `idempotency_claim_nowait`: the same row, written only when the session is live, committed without
// waiting for the WAL flush as that claim is (routes with `keyInLedger`, decision 097).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { P } from '../../db/placeholder.ts';
import { members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { idempotencyRequests } from '../../db/schema/ledger.ts';
import { claimStateNoWait } from '../../plugins/idempotency.repository.ts';
import type { ClaimWithSession } from '../../plugins/idempotency.ts';
import { liveSessionRule } from '../auth/index.ts';

export function createTransferClaim(db: Db): ClaimWithSession {
  const live = db
    .$with('live', {
      sessionId: sql<number>`session_id`.mapWith(Number).as('session_id'),
      memberId: sql<number>`member_id`.mapWith(Number).as('member_id'),
      expiresAtMs: sql<string>`expires_at_ms`.as('expires_at_ms'),
    })
    .as(
      sql`select ${sessions.id} as session_id, ${sessions.memberId} as member_id,
            (extract(epoch from ${sessions.expiresAt}) * 1000)::bigint::text as expires_at_ms
          from ${sessions} inner join ${members} on ${eq(members.id, sessions.memberId)}
          where ${liveSessionRule()} limit 1`,
    );
  // Inserted only for a live session; nothing on a conflict (the key is taken: the plugin's repeat path).
  const claim = db.$with('claim', { key: sql<string>`key`.as('key') }).as(
    sql`insert into ${idempotencyRequests} (member_id, key, route, request_hash, state)
          select member_id, ${P('key')}, ${P('route')}, ${P('requestHash')}, ${claimStateNoWait()} from live
          on conflict do nothing returning key`,
  );
  const claimByToken = db
    .with(live, claim)
    .select({
      sessionId: live.sessionId,
      memberId: live.memberId,
      expiresAtMs: live.expiresAtMs,
      claimed: sql<boolean>`exists (select 1 from claim)`,
    })
    .from(live)
    .prepare('idempotency_claim_by_token');

  return async (q) => {
    const [row] = await claimByToken.execute(q);
    if (!row) return null;
    const { sessionId, memberId, expiresAtMs, claimed } = row;
    return { session: { sessionId, memberId, expiresAt: new Date(Number(expiresAtMs)) }, claimed };
  };
}
