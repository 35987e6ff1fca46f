// Where the money paths report a failed call to an outside party, for the dashboard's health table.
// Written to the database every instance shares (a per-instance metric sees only its own calls),
// outside the caller's transaction, and never allowed to fail the caller.
import type { OutsideParty } from '@krapao/contracts/ops/dashboard';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

export type FailureKind = 'timeout' | 'error';

const MESSAGE_MAX = 300;
/** Failures older than this are deleted by the party's next failure: the table stays small. */
const KEEP_HOURS = 24;

/** Records one failed call; resolves (never rejects) once it is written or could not be. */
export async function recordPartyFailure(
  ctx: Pick<AppContext, 'db' | 'now'>,
  party: OutsideParty,
  kind: FailureKind,
  message: string,
): Promise<void> {
  const at = ctx.now();
  const keepFrom = new Date(at.getTime() - KEEP_HOURS * 3_600_000);
  try {
    await ctx.db.execute(sql`
      with pruned as (
        delete from ops_party_failures where party = ${party} and at < ${keepFrom.toISOString()}::timestamptz
      )
      insert into ops_party_failures (party, kind, message, at)
      values (${party}, ${kind}, ${message.slice(0, MESSAGE_MAX)}, ${at.toISOString()}::timestamptz)`);
  } catch {
    // The health table is a view of trouble, not part of it: a failed write is dropped.
  }
}

/**
 * Records a call's error by its name: every port names its errors <Party>Unavailable (no answer:
 * a timeout) and <Party>Rejected (a definite refusal, the party working as it should: not recorded).
 */
export function recordCallFailure(
  ctx: Pick<AppContext, 'db' | 'now'>,
  party: OutsideParty,
  err: unknown,
  /** Which of the party's parts failed, e.g. a game code: put before the message. */
  about?: string,
): Promise<void> {
  const name = err instanceof Error ? err.name : '';
  if (name.endsWith('Rejected')) return Promise.resolve();
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const message = about ? `${about}: ${text}` : text;
  return recordPartyFailure(ctx, party, name.endsWith('Unavailable') ? 'timeout' : 'error', message);
}
