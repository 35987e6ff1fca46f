// The reality check's figures: how long this session has lasted since sign-in, and the net result
// (won minus staked) of settled play since then, from the same game results as loss usage.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TSessionSummary } from '@krapao/contracts/protection';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { gameNet } from './loss-limit.ts';

export async function sessionSummary(
  db: Db | Tx,
  memberId: number,
  sessionId: number,
  now: Date,
): Promise<TSessionSummary> {
  const [row] = await db
    .select({ memberId: sessions.memberId, createdAt: sessions.createdAt, currency: members.currency })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.id, sessionId));
  if (!row || row.memberId !== memberId) throw new AppError('invalid-token');
  const currency = row.currency as Currency;
  const signedInAt = row.createdAt;
  const net = await gameNet(db, memberId, signedInAt, now);
  return {
    signedInAt: signedInAt.toISOString(),
    minutesPlayed: Math.max(0, Math.floor((now.getTime() - signedInAt.getTime()) / 60_000)),
    net: fromMinor(net, currency),
    currency,
  };
}
