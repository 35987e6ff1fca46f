import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { ProtectionEventDetail } from '@krapao/contracts/ops/protection-events';
import { LIMIT_PERIOD_HOURS, type LimitPeriod } from '@krapao/contracts/protection';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { protectionEvents } from '../../db/schema/protection.ts';
import { AppError } from '../../lib/app-error.ts';
import { HOUSE } from '../ledger/index.ts';
import { currencyOf, limitsInForce } from './limits-in-force.ts';

const HOUR_MS = 60 * 60_000;

/** The start of the rolling window of `period` that ends at `now`. */
export function windowStart(period: LimitPeriod, now: Date): Date {
  return new Date(now.getTime() - LIMIT_PERIOD_HOURS[period] * HOUR_MS);
}

/** Won minus staked in settled play within (from, to], or after `from` when `to` is null; negative: lost. */
export async function gameNet(db: Db | Tx, memberId: number, from: Date, to: Date | null): Promise<bigint> {
  const t = ledgerTransactions;
  const [row] = await db
    .select({
      net: sql<string>`coalesce(sum(case when ${t.fromCode} = ${HOUSE.GAME_RESULTS} then ${t.amount} else -${t.amount} end), 0)`,
    })
    .from(t)
    .where(
      and(
        eq(t.memberId, memberId),
        eq(t.type, 'GAME_RESULT'),
        eq(t.status, 'SUCCESS'),
        gt(t.createdAt, from),
        to === null ? undefined : lte(t.createdAt, to),
      ),
    );
  return BigInt(row?.net ?? 0);
}

/**
 * Net loss of settled play in the rolling window of `period` ending at `now`; never below 0. Open at
 * the end: a result is stamped by the database's clock, and one booked a moment ago must count even
 * when that clock is a little ahead of this process's (nothing is booked in the future otherwise).
 */
export async function lossUsed(db: Db | Tx, memberId: number, period: LimitPeriod, now = new Date()): Promise<bigint> {
  const net = await gameNet(db, memberId, windowStart(period, now), null);
  return net < 0n ? -net : 0n;
}

/** Whether the member has a loss limit in force. */
export async function hasLossLimit(db: Db | Tx, memberId: number): Promise<boolean> {
  return (await limitsInForce(db, memberId, 'LOSS')).length > 0;
}

/** The loss limit with the least left, or null when the member has none. */
export async function tightestLoss(
  db: Db | Tx,
  memberId: number,
  now = new Date(),
): Promise<{ period: LimitPeriod; remaining: bigint } | null> {
  const limits = await limitsInForce(db, memberId, 'LOSS');
  let tightest: { period: LimitPeriod; remaining: bigint } | null = null;
  for (const l of limits) {
    const period = l.period;
    const left = l.amount - (await lossUsed(db, memberId, period, now));
    const remaining = left < 0n ? 0n : left;
    if (!tightest || remaining < tightest.remaining) tightest = { period, remaining };
  }
  return tightest;
}

/**
 * Refuses money into a game that could take the member past a loss limit: `amount` above what the
 * tightest limit has left → PROTECTION_LOSS_LIMIT {period, remaining, currency} (remaining in major
 * units). Run under the member row lock.
 */
export async function assertLossAllowed(tx: Tx, memberId: number, amount: bigint, now = new Date()): Promise<void> {
  const tightest = await tightestLoss(tx, memberId, now);
  if (!tightest || amount <= tightest.remaining) return;
  const currency = await currencyOf(tx, memberId);
  throw new AppError('PROTECTION_LOSS_LIMIT', {
    period: tightest.period,
    remaining: fromMinor(tightest.remaining, currency),
    currency,
  });
}

/**
 * Writes LOSS_LIMIT_REFUSED in a transaction of its own when `err` is a loss-limit refusal (the
 * refused transaction rolled back). Call it from the caller's catch, then rethrow.
 */
export async function noteLossRefused(db: Db, memberId: number, amount: bigint, err: unknown, now = new Date()) {
  if (!(err instanceof AppError) || err.code !== 'PROTECTION_LOSS_LIMIT') return;
  const { period, remaining, currency } = err.details as { period: LimitPeriod; remaining: number; currency: Currency };
  const detail: ProtectionEventDetail<'LOSS_LIMIT_REFUSED'> = {
    amount: fromMinor(amount, currency),
    period,
    remaining,
    currency,
  };
  await db.insert(protectionEvents).values({ memberId, kind: 'LOSS_LIMIT_REFUSED', detail, createdAt: now });
}
