// Helpers the spin tests share: coins, the wheel's weights, and what a member's spins left behind.
import { spinPaths } from '@krapao/contracts/spin';
import { and, eq, ne, sql } from 'drizzle-orm';
import { members } from '../../db/schema/account.ts';
import { coinGrants, coupons, spinSlices, spins, spinWheels } from '../../db/schema/promotions.ts';
import type { TestApp } from '../../test/test-app.ts';
import { call, type Member } from '../wallet/testing.ts';
import { newCouponId } from './spin.service.ts';

let keys = 0;
export function newKey(): string {
  keys += 1;
  return `spin-test-${process.pid}-${Date.now()}-${keys}`;
}

export async function setCoins(t: TestApp, memberId: number, coin: number) {
  await t.db.update(members).set({ coin }).where(eq(members.id, memberId));
}

export async function coinsOf(t: TestApp, memberId: number): Promise<number> {
  const [row] = await t.db.select({ coin: members.coin }).from(members).where(eq(members.id, memberId));
  return row!.coin;
}

export async function activeWheelId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: spinWheels.id }).from(spinWheels).where(eq(spinWheels.isActive, true));
  return row!.id;
}

/** Only `code` can be drawn from now on; answers a function that puts the weights back. */
export async function onlySlice(t: TestApp, code: string): Promise<() => Promise<void>> {
  const wheelId = await activeWheelId(t);
  const before = await t.db.select().from(spinSlices).where(eq(spinSlices.wheelId, wheelId));
  await t.db
    .update(spinSlices)
    .set({ weight: 0 })
    .where(and(eq(spinSlices.wheelId, wheelId), ne(spinSlices.code, code)));
  return async () => {
    for (const s of before) {
      await t.db
        .update(spinSlices)
        .set({ weight: s.weight })
        .where(and(eq(spinSlices.wheelId, wheelId), eq(spinSlices.code, s.code)));
    }
  };
}

export async function spinsOf(t: TestApp, memberId: number) {
  return t.db.select().from(spins).where(eq(spins.memberId, memberId));
}

export async function couponsOf(t: TestApp, memberId: number) {
  return t.db.select().from(coupons).where(eq(coupons.memberId, memberId));
}

export async function grantsOf(t: TestApp, memberId: number) {
  return t.db.select().from(coinGrants).where(eq(coinGrants.memberId, memberId));
}

/** A coupon written straight into the books (with its spin), for states a spin cannot make. */
export async function insertCoupon(
  t: TestApp,
  memberId: number,
  values: Partial<typeof coupons.$inferInsert> & { sliceCode: string },
): Promise<string> {
  const wheelId = values.wheelId ?? (await activeWheelId(t));
  const [spin] = await t.db
    .insert(spins)
    .values({ memberId, wheelId, sliceCode: values.sliceCode })
    .returning({ id: spins.id });
  const id = values.id ?? newCouponId();
  await t.db.insert(coupons).values({
    id,
    memberId,
    spinId: spin!.id,
    wheelId,
    prizeName: 'Test prize',
    amount: 1000n,
    currency: 'BAHT',
    status: 'OPEN',
    expiresAt: new Date(Date.now() + 3_600_000),
    ...values,
  });
  return id;
}

export function spin(t: TestApp, m: Member, key?: string, payload?: unknown) {
  return call(t, m, 'POST', spinPaths.spin, payload, key);
}

export function claim(t: TestApp, m: Member, coupon: unknown, key?: string) {
  return call(t, m, 'POST', spinPaths.claim, { coupon }, key);
}

/**
 * The coupons agree with the books: a CLAIMED coupon has exactly its one credit, a BONUS grant of a
 * `coupon` condition (same member, amount and currency), an OPEN one has none, every coupon credit
 * belongs to a claimed coupon, and no member's coins are below zero. Answers the rows that break it.
 */
export async function checkCoupons(t: TestApp): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select 'coupon' as problem, c.id from coupons c
      left join ledger_transactions l on l.id = c.transaction_id
      where (c.status = 'CLAIMED') <> (l.id is not null)
        or (l.id is not null and (l.type <> 'BONUS' or l.member_id <> c.member_id
          or l.amount <> c.amount or l.currency <> c.currency or l.status <> 'SUCCESS'
          or not exists (select 1 from credit_conditions k where k.grant_transaction_id = l.id and k.kind = 'coupon')))
    union all
    select 'credit', l.id::text from ledger_transactions l
      where l.type = 'BONUS' and l.metadata ? 'couponId'
        and 1 <> (select count(*) from coupons c where c.transaction_id = l.id and c.status = 'CLAIMED')
    union all
    select 'coin', m.id::text from members m where m.coin < 0`);
  return (result as unknown as { rows: unknown[] }).rows;
}
