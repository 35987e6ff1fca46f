// Whether a member may be offered where to send money. A bank transfer or a TrueMoney AUTO payment
// cannot be refused once sent, so a member on a break or with a deposit limit used up is not shown
// the house accounts at all. Only credited deposits count here (not the holds of asks in flight).
import { LIMIT_PERIOD_HOURS, type LimitPeriod } from '@krapao/contracts/protection';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { depositLimitsLeft } from './deposit-limit.ts';
import { activeExclusion } from './exclusion-gate.ts';
import { windowStart } from './loss-limit.ts';

const HOUR_MS = 3_600_000;

/** Why nothing is offered, and when it will be again (null: not by itself, e.g. a permanent exclusion). */
export type DepositOfferBlock = { reason: 'limit' | 'excluded'; until: Date | null };

/**
 * When the credited deposits of `period`'s rolling window fall below `limit` again as the oldest
 * leave it: a deposit leaves at its credit time plus the period (the window is (now − period, now]).
 * Credit times are kept in microseconds; the answer is rounded up to the next millisecond so the
 * deposit has surely left at that instant. Null when leaving deposits never bring it below.
 */
async function limitFreesAt(
  db: Db | Tx,
  memberId: number,
  period: LimitPeriod,
  limit: bigint,
  used: bigint,
  now: Date,
): Promise<Date | null> {
  const t = ledgerTransactions;
  const rows = await db
    .select({
      amount: t.amount,
      micros: sql<string>`floor(extract(epoch from ${t.createdAt}) * 1000000)::bigint`,
    })
    .from(t)
    .where(
      and(
        eq(t.memberId, memberId),
        eq(t.type, 'DEPOSIT'),
        eq(t.status, 'SUCCESS'),
        gt(t.createdAt, windowStart(period, now)),
      ),
    )
    .orderBy(asc(t.createdAt), asc(t.id));
  let left = used;
  for (const row of rows) {
    left -= BigInt(row.amount);
    if (left < limit) {
      const ms = Number((BigInt(row.micros) + 999n) / 1000n);
      return new Date(ms + LIMIT_PERIOD_HOURS[period] * HOUR_MS);
    }
  }
  return null;
}

/**
 * Null when the member may be offered receiving accounts, wallets and QR gateways. Else an exclusion
 * in force (until its end) or a deposit limit with nothing left (until every such limit has some
 * left again: the latest of their times).
 */
export async function depositOfferBlocked(
  db: Db | Tx,
  memberId: number,
  now = new Date(),
): Promise<DepositOfferBlock | null> {
  const exclusion = await activeExclusion(db, memberId, now);
  if (exclusion) return { reason: 'excluded', until: exclusion.endsAt };
  const used = (await depositLimitsLeft(db, memberId, now)).filter((l) => l.remaining === 0n);
  if (used.length === 0) return null;
  let until: Date | null = null;
  for (const l of used) {
    const frees = await limitFreesAt(db, memberId, l.period, l.limit, l.used, now);
    if (frees === null) return { reason: 'limit', until: null };
    if (until === null || frees > until) until = frees;
  }
  return { reason: 'limit', until };
}
