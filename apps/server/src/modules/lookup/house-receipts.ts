// What each house receiving account took in on the current business day (the site's time zone):
// the credited deposits whose deposit_references row names the account. The member's deposit
// lookup leaves out an account whose day reached its cap; the console's settings page shows the sums.
// Cached per database handle like the settings: a credit on this instance forgets it at once, other
// instances read it again within SETTINGS_CACHE_MS.
import type { Currency } from '@krapao/contracts/constants';
import { MINOR_UNITS } from '@krapao/contracts/money';
import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { depositReferences } from '../../db/schema/deposits.ts';
import { siteDay, siteTimeZone } from '../../lib/site-time.ts';
import { cachePerHandle } from '../../lib/ttl-cache.ts';
import { SETTINGS_CACHE_MS } from './settings.repository.ts';

/** Minor units received today, per account number (digits only). */
export type ReceivedToday = ReadonlyMap<string, bigint>;

const cacheOf = cachePerHandle<ReceivedToday>(SETTINGS_CACHE_MS);

/** The account number as deposits record it: its digits. */
export const accountKey = (accountNo: string) => accountNo.replace(/\D/g, '');

/** Forgets this handle's sums (after a credit that named a house account). */
export function forgetReceivedToday(db: Db) {
  cacheOf(db).clear();
}

/** Whether an account with `dailyCap` (major units; null: none) has reached it. */
export function isCapReached(
  entry: { bankAccountNo: string; currency: Currency; dailyCap?: number | null },
  received: ReceivedToday,
): boolean {
  if (entry.dailyCap === undefined || entry.dailyCap === null) return false;
  const key = accountKey(entry.bankAccountNo);
  if (key === '') return false;
  return Number(received.get(key) ?? 0n) >= entry.dailyCap * MINOR_UNITS[entry.currency];
}

export function createHouseReceipts(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const cache = cacheOf(ctx.db);
  const timeZone = siteTimeZone(ctx.config.LAOS);
  return {
    /** The sums of the business day `ctx.now()` falls in. */
    receivedToday(): Promise<ReceivedToday> {
      const day = siteDay(ctx.now(), timeZone);
      return cache.get(day.start.toISOString(), async () => {
        const rows = await ctx.db
          .select({
            accountNo: depositReferences.toAccountNo,
            total: sql<string>`coalesce(sum(${depositReferences.amount}), 0)::text`,
          })
          .from(depositReferences)
          .where(
            and(
              isNotNull(depositReferences.toAccountNo),
              gte(depositReferences.createdAt, day.start),
              lt(depositReferences.createdAt, day.end),
            ),
          )
          .groupBy(depositReferences.toAccountNo);
        return new Map(rows.map((r) => [r.accountNo ?? '', BigInt(r.total)]));
      });
    },
  };
}
