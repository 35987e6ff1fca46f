import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { ProtectionEventDetail } from '@krapao/contracts/ops/protection-events';
import { LIMIT_PERIOD_HOURS, type LimitPeriod } from '@krapao/contracts/protection';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { games } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/ledger.ts';
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

/**
 * The member's money in games now: the balances of their game accounts, and every transfer to or
 * from a game not yet settled (it lands in a game if the provider refuses it out). All of it could
 * still be lost at play.
 */
export async function moneyInGames(db: Db | Tx, memberId: number): Promise<bigint> {
  const a = ledgerAccounts;
  const t = ledgerTransactions;
  const result = await db.execute(sql`
    select coalesce((select sum(${a.balance}) from ${a}
        where ${a.memberId} = ${memberId} and ${a.kind} = 'MEMBER'
          and ${a.code} in (select ${games.code} from ${games})), 0)
      + coalesce((select sum(${t.amount}) from ${t}
        where ${t.status} in ('PENDING', 'UNKNOWN') and ${t.memberId} = ${memberId} and ${t.type} = 'TRANSFER'), 0)
      as total`);
  const [row] = rowsOf<{ total: string | number }>(result);
  return BigInt(row?.total ?? 0);
}

/**
 * What the member could have lost at play in the rolling window of `period` if everything now in
 * games were lost too: the money in games less what play in the window has won (or plus what it has
 * lost). Never below 0.
 */
export async function lossAtRisk(
  db: Db | Tx,
  memberId: number,
  period: LimitPeriod,
  inGames: bigint,
  now = new Date(),
): Promise<bigint> {
  const atRisk = inGames - (await gameNet(db, memberId, windowStart(period, now), null));
  return atRisk < 0n ? 0n : atRisk;
}

/** Whether the member has a loss limit in force. */
export async function hasLossLimit(db: Db | Tx, memberId: number): Promise<boolean> {
  return (await limitsInForce(db, memberId, 'LOSS')).length > 0;
}

/**
 * The loss limit with the least left, or null when the member has none. `over`: how far the money at
 * risk already goes past that limit (0 when within it); `remaining`: what may still go into games.
 */
export async function tightestLoss(
  db: Db | Tx,
  memberId: number,
  now = new Date(),
): Promise<{ period: LimitPeriod; remaining: bigint; over: bigint } | null> {
  const limits = await limitsInForce(db, memberId, 'LOSS');
  if (limits.length === 0) return null;
  const inGames = await moneyInGames(db, memberId);
  let tightest: { period: LimitPeriod; left: bigint } | null = null;
  for (const l of limits) {
    const left = l.amount - (await lossAtRisk(db, memberId, l.period, inGames, now));
    if (!tightest || left < tightest.left) tightest = { period: l.period, left };
  }
  const { period, left } = tightest!;
  return { period, remaining: left < 0n ? 0n : left, over: left < 0n ? -left : 0n };
}

/**
 * Refuses money into a game that could take the member past a loss limit: what is at risk (money in
 * games, less what play in the window has won) plus `added` above the tightest limit →
 * PROTECTION_LOSS_LIMIT {period, remaining, currency} (remaining in major units). `added` is the
 * money that comes from outside the games: 0 for money moved from one game to another, which is
 * already at risk, and is refused only while what is at risk is already past a limit. Run under the
 * member row lock.
 */
export async function assertLossAllowed(tx: Tx, memberId: number, added: bigint, now = new Date()): Promise<void> {
  const tightest = await tightestLoss(tx, memberId, now);
  if (!tightest || (tightest.over === 0n && added <= tightest.remaining)) return;
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
