// Helpers of the gate tests: an exclusion or a loss limit written straight into the books, and a
// snapshot of everything a money-in could change for one member.
import { asc, count, eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/account.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/ledger.ts';
import { coupons, creditConditions, spins } from '../../db/schema/promotions.ts';
import { protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';
import type { TestApp } from '../../test/test-app.ts';

const HOUR_MS = 3_600_000;

/** A time-out from an hour before `now` to `hours` after it (null: a permanent self-exclusion). */
export async function exclude(t: TestApp, memberId: number, hours: number | null = 24, now = new Date()) {
  const [row] = await t.db
    .insert(protectionExclusions)
    .values({
      memberId,
      kind: hours === null ? 'SELF_EXCLUSION' : 'TIMEOUT',
      startsAt: new Date(now.getTime() - HOUR_MS),
      endsAt: hours === null ? null : new Date(now.getTime() + hours * HOUR_MS),
    })
    .returning({ id: protectionExclusions.id });
  return row!.id;
}

/** A loss limit in force of `baht` over `period`. */
export async function lossLimit(t: TestApp, memberId: number, period: 'DAY' | 'WEEK' | 'MONTH', baht: number) {
  await t.db
    .insert(protectionLimits)
    .values({ memberId, kind: 'LOSS', period, amount: BigInt(Math.round(baht * 100)) })
    .onConflictDoUpdate({
      target: [protectionLimits.memberId, protectionLimits.kind, protectionLimits.period],
      set: { amount: BigInt(Math.round(baht * 100)) },
    });
}

export async function eventsOf(t: TestApp, memberId: number, kind: string) {
  return t.db
    .select()
    .from(protectionEvents)
    .where(sql`${protectionEvents.memberId} = ${memberId} and ${protectionEvents.kind} = ${kind}`)
    .orderBy(asc(protectionEvents.id));
}

/** Balances, movements, conditions, coins, spins and coupons of one member: equal before and after = nothing moved. */
export async function booksOf(t: TestApp, memberId: number) {
  const accounts = await t.db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId))
    .orderBy(asc(ledgerAccounts.code));
  const [moves] = await t.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.memberId, memberId));
  const [conditions] = await t.db
    .select({ n: count() })
    .from(creditConditions)
    .where(eq(creditConditions.memberId, memberId));
  const [member] = await t.db.select({ coin: members.coin }).from(members).where(eq(members.id, memberId));
  const [spun] = await t.db.select({ n: count() }).from(spins).where(eq(spins.memberId, memberId));
  const couponRows = await t.db
    .select({ id: coupons.id, status: coupons.status })
    .from(coupons)
    .where(eq(coupons.memberId, memberId))
    .orderBy(asc(coupons.id));
  return {
    accounts: accounts.map((a) => `${a.code}:${a.balance}`),
    moves: moves!.n,
    conditions: conditions!.n,
    coin: member!.coin,
    spins: spun!.n,
    coupons: couponRows.map((c) => `${c.id}:${c.status}`),
  };
}
