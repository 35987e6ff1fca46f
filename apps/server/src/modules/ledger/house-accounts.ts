// House accounts (docs/architecture.md §3.1): the other side of every member movement. Each is split into shards
// picked by member id, so members moving money at the same time do not queue on one row.

import type { Currency } from '@krapao/contracts/constants';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';

export const HOUSE = {
  /** Money on its way to or from a game provider (transfer sagas). */
  TRANSIT: 'TRANSIT',
  DEPOSITS_CLEARING: 'DEPOSITS_CLEARING',
  WITHDRAWALS_PAYABLE: 'WITHDRAWALS_PAYABLE',
  BONUS_EXPENSE: 'BONUS_EXPENSE',
  CASHBACK_EXPENSE: 'CASHBACK_EXPENSE',
  REFERRAL_EXPENSE: 'REFERRAL_EXPENSE',
  /** Game wins and losses booked when balances are refreshed. */
  GAME_RESULTS: 'GAME_RESULTS',
  /** Manual credits and debits a staff member booked from the console (decision 062). */
  MANUAL_ADJUSTMENTS: 'MANUAL_ADJUSTMENTS',
} as const;
export type HouseCode = (typeof HOUSE)[keyof typeof HOUSE];

export const HOUSE_SHARDS = 16;
const CURRENCIES: Currency[] = ['BAHT', 'LAK'];

export function shardOf(memberId: number): number {
  return memberId % HOUSE_SHARDS;
}

/** Creates every house account shard that is missing. Idempotent; run at start. */
export async function ensureHouseAccounts(db: Db) {
  const rows = Object.values(HOUSE).flatMap((code) =>
    CURRENCIES.flatMap((currency) =>
      Array.from({ length: HOUSE_SHARDS }, (_, shard) => ({ kind: 'HOUSE', code, currency, shard, memberId: null })),
    ),
  );
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

/** House account ids never change once created: cache them per process. */
export function createHouseAccounts(db: Db) {
  const cache = new Map<string, number>();
  return async function houseAccountId(code: HouseCode, currency: string, memberId: number, tx?: Tx): Promise<number> {
    const shard = shardOf(memberId);
    const key = `${code}:${currency}:${shard}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const [row] = await (tx ?? db)
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          isNull(ledgerAccounts.memberId),
          eq(ledgerAccounts.code, code),
          eq(ledgerAccounts.currency, currency),
          eq(ledgerAccounts.shard, shard),
        ),
      )
      .limit(1);
    if (!row) throw new Error(`house account ${key} is missing: run ensureHouseAccounts`);
    cache.set(key, row.id);
    return row.id;
  };
}
