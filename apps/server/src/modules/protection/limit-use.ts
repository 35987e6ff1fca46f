// What a limit has used in its rolling window and what it still lets in, as the member app and the
// console show it: deposits for a deposit limit; for a loss limit, settled play lost, and what is
// at risk (money in games, less what play in the window has won) against the limit.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import {
  LIMIT_RAISE_DELAY_HOURS,
  type LimitKind,
  type LimitPeriod,
  type TLimitState,
} from '@krapao/contracts/protection';
import type { Db, Tx } from '../../db/client.ts';
import { depositUsed } from './deposit-limit.ts';
import { lossAtRisk, lossUsed, moneyInGames } from './loss-limit.ts';

const HOUR_MS = 60 * 60_000;

/** From when the member may confirm a waiting raise or removal made at `pendingSince`; null when none waits. */
export function confirmableAt(row: { pendingSince: Date | null }): Date | null {
  return row.pendingSince ? new Date(row.pendingSince.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS) : null;
}

/** The columns of a limit row the state is made from. */
export type LimitFields = {
  kind: string;
  period: string;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingSince: Date | null;
};

/**
 * The states of the member's limits. The money in games is read once, and only when there is a loss
 * limit to show.
 */
export async function limitStates(
  db: Db | Tx,
  memberId: number,
  rows: LimitFields[],
  currency: Currency,
  now: Date,
): Promise<TLimitState[]> {
  const money = (minor: bigint) => fromMinor(minor, currency);
  const inGames = rows.some((r) => r.kind === 'LOSS') ? await moneyInGames(db, memberId) : 0n;
  const states: TLimitState[] = [];
  for (const row of rows) {
    const period = row.period as LimitPeriod;
    const isLoss = row.kind === 'LOSS';
    const used = isLoss ? await lossUsed(db, memberId, period, now) : await depositUsed(db, memberId, period, now);
    const counted = isLoss ? await lossAtRisk(db, memberId, period, inGames, now) : used;
    const left = row.amount === null ? null : row.amount > counted ? row.amount - counted : 0n;
    states.push({
      kind: row.kind as LimitKind,
      period,
      amount: row.amount === null ? null : money(row.amount),
      pendingAmount: row.pendingAmount === null ? null : money(row.pendingAmount),
      pendingSince: row.pendingSince?.toISOString() ?? null,
      confirmableAt: confirmableAt(row)?.toISOString() ?? null,
      used: money(used),
      inGames: money(isLoss ? inGames : 0n),
      remaining: left === null ? null : money(left),
    });
  }
  return states;
}
