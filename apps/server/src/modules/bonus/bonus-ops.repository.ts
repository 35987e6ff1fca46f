// SQL of the console's promotions page: every bonus and promotion code (switched off ones too), and
// their rows locked for a change.
import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bonuses, promotions, promotionUses } from '../../db/schema/promotions.ts';
import type { Bonus, Promotion } from './bonus.repository.ts';

export type NewBonus = typeof bonuses.$inferInsert;
export type NewPromotion = typeof promotions.$inferInsert;

export function createBonusOpsRepository(db: Db) {
  return {
    allBonuses(): Promise<Bonus[]> {
      return db.select().from(bonuses).orderBy(asc(bonuses.currency), asc(bonuses.sortOrder), asc(bonuses.code));
    },

    async lockBonus(tx: Tx, code: string): Promise<Bonus | null> {
      const [row] = await tx.select().from(bonuses).where(eq(bonuses.code, code)).for('update');
      return row ?? null;
    },

    /** Inserts the bonus; null when the code exists. */
    async insertBonus(tx: Tx, row: NewBonus): Promise<Bonus | null> {
      const [inserted] = await tx.insert(bonuses).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async updateBonus(tx: Tx, code: string, set: Partial<NewBonus>): Promise<Bonus> {
      const [row] = await tx.update(bonuses).set(set).where(eq(bonuses.code, code)).returning();
      if (!row) throw new Error(`bonus ${code} vanished under its lock`);
      return row;
    },

    /** Every promotion code with how many members used it. */
    async allPromotions(): Promise<(Promotion & { uses: number })[]> {
      const uses = db
        .select({ code: promotionUses.code, n: count().as('n') })
        .from(promotionUses)
        .groupBy(promotionUses.code)
        .as('uses');
      const rows = await db
        .select({ p: promotions, n: uses.n })
        .from(promotions)
        .leftJoin(uses, eq(uses.code, promotions.code))
        .orderBy(asc(promotions.code));
      return rows.map((r) => ({ ...r.p, uses: Number(r.n ?? 0) }));
    },

    /** Inserts the promotion code; null when the code exists. */
    async insertPromotion(tx: Tx, row: NewPromotion): Promise<Promotion | null> {
      const [inserted] = await tx.insert(promotions).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async disablePromotion(tx: Tx, code: string): Promise<Promotion> {
      const [row] = await tx.update(promotions).set({ isActive: false }).where(eq(promotions.code, code)).returning();
      if (!row) throw new Error(`promotion ${code} vanished under its lock`);
      return row;
    },
  };
}
