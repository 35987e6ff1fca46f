// SQL of the spin wheel: the active wheel and its slices, coins, spins and coupons. No rules here;
// every member query is scoped by the session's member id.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { coinGrants, coupons, spinSlices, spins, spinWheels } from '../../db/schema/promotions.ts';
import { memberChanged } from '../../lib/member-changes.ts';

export type Wheel = typeof spinWheels.$inferSelect;
export type Slice = typeof spinSlices.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

export function createSpinRepository(db: Db) {
  return {
    /** The active wheel; with several active, the newest one (what an operator switched on last). */
    async activeWheel(tx?: Tx): Promise<Wheel | null> {
      const [row] = await (tx ?? db)
        .select()
        .from(spinWheels)
        .where(eq(spinWheels.isActive, true))
        .orderBy(desc(spinWheels.id))
        .limit(1);
      return row ?? null;
    },

    async slices(wheelId: number, tx?: Tx): Promise<Slice[]> {
      return (tx ?? db)
        .select()
        .from(spinSlices)
        .where(eq(spinSlices.wheelId, wheelId))
        .orderBy(asc(spinSlices.sortOrder), asc(spinSlices.code));
    },

    async slice(wheelId: number, code: string, tx?: Tx): Promise<Slice | null> {
      const [row] = await (tx ?? db)
        .select()
        .from(spinSlices)
        .where(and(eq(spinSlices.wheelId, wheelId), eq(spinSlices.code, code)))
        .limit(1);
      return row ?? null;
    },

    async coins(memberId: number): Promise<number> {
      const [row] = await db.select({ coin: members.coin }).from(members).where(eq(members.id, memberId));
      return row?.coin ?? 0;
    },

    /**
     * Records the grant once per turnover row (the demo seed's: per deposit) and adds the coins;
     * false when that row already earned.
     */
    async grantCoins(
      tx: Tx,
      grant: ({ turnoverId: number } | { depositTransactionId: number }) & { memberId: number; coins: number },
    ) {
      const [inserted] = await tx
        .insert(coinGrants)
        .values(grant)
        .onConflictDoNothing()
        .returning({ id: coinGrants.id });
      if (!inserted) return false;
      await tx
        .update(members)
        .set({ coin: sql`${members.coin} + ${grant.coins}` })
        .where(eq(members.id, grant.memberId));
      memberChanged(tx, { members: [grant.memberId] });
      return true;
    },

    /**
     * Adds played-through money to the member's coin progress and keeps only what is short of a
     * whole coin; answers the whole coins it made. The caller holds the member row lock.
     */
    async addCoinProgress(tx: Tx, memberId: number, played: bigint, coinPer: bigint): Promise<number> {
      const [row] = await tx.select({ progress: members.coinProgress }).from(members).where(eq(members.id, memberId));
      const total = (row?.progress ?? 0n) + played;
      await tx
        .update(members)
        .set({ coinProgress: total % coinPer })
        .where(eq(members.id, memberId));
      return Number(total / coinPer);
    },

    /** Spends one coin in one guarded statement; the coins left, or null when there were none. */
    async spendCoin(tx: Tx, memberId: number): Promise<number | null> {
      const [row] = await tx
        .update(members)
        .set({ coin: sql`${members.coin} - 1` })
        .where(and(eq(members.id, memberId), gt(members.coin, 0)))
        .returning({ coin: members.coin });
      memberChanged(tx, { members: [memberId] });
      return row ? row.coin : null;
    },

    async insertSpin(tx: Tx, spin: { memberId: number; wheelId: number; sliceCode: string; createdAt: Date }) {
      const [row] = await tx.insert(spins).values(spin).returning({ id: spins.id });
      return row!.id;
    },

    async insertCoupon(tx: Tx, coupon: typeof coupons.$inferInsert) {
      await tx.insert(coupons).values(coupon);
    },

    /** The member's OPEN coupons not expired at `now`, newest first, with their slice when it still exists. */
    async openCoupons(memberId: number, now: Date) {
      return db
        .select({ coupon: coupons, sliceLabel: spinSlices.label, sliceHtml: spinSlices.htmlDescription })
        .from(coupons)
        .leftJoin(spinSlices, and(eq(spinSlices.wheelId, coupons.wheelId), eq(spinSlices.code, coupons.sliceCode)))
        .where(and(eq(coupons.memberId, memberId), eq(coupons.status, 'OPEN'), gt(coupons.expiresAt, now)))
        .orderBy(desc(coupons.createdAt), desc(coupons.spinId));
    },

    /** The member's coupon by id (another member's coupon reads as none). */
    async coupon(memberId: number, id: string, tx?: Tx): Promise<Coupon | null> {
      const [row] = await (tx ?? db)
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.memberId, memberId)))
        .limit(1);
      return row ?? null;
    },

    /** Takes an OPEN, unexpired coupon for claiming in one guarded statement; null when it was not. */
    async takeCoupon(tx: Tx, memberId: number, id: string, now: Date): Promise<Coupon | null> {
      const [row] = await tx
        .update(coupons)
        .set({ status: 'CLAIMED', claimedAt: now })
        .where(
          and(
            eq(coupons.id, id),
            eq(coupons.memberId, memberId),
            eq(coupons.status, 'OPEN'),
            gt(coupons.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    async setCouponTransaction(tx: Tx, id: string, transactionId: number) {
      await tx.update(coupons).set({ transactionId }).where(eq(coupons.id, id));
    },
  };
}
export type SpinRepository = ReturnType<typeof createSpinRepository>;
