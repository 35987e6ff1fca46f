// SQL of bonuses and promotion codes: the catalogue, what a member received. The qualifying deposit,
// which reads the ledger's rows, is in `bonus.hot-path.ts`.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bonuses, creditConditions, promotions, promotionUses } from '../../db/schema/promotions.ts';

export type Bonus = typeof bonuses.$inferSelect;
export type Promotion = typeof promotions.$inferSelect;
type Executor = Db | Tx;

export function createBonusRepository(db: Db) {
  return {
    async activeBonuses(currency: string): Promise<Bonus[]> {
      return db
        .select()
        .from(bonuses)
        .where(and(eq(bonuses.isActive, true), eq(bonuses.currency, currency)))
        .orderBy(asc(bonuses.sortOrder), asc(bonuses.code));
    },

    async bonus(code: string, ex: Executor = db): Promise<Bonus | null> {
      const [row] = await ex.select().from(bonuses).where(eq(bonuses.code, code)).limit(1);
      return row ?? null;
    },

    /** When the member took each bonus (code → createdAt list): the bonus list's `received`. */
    async bonusReceipts(memberId: number, ex: Executor = db): Promise<Map<string, Date[]>> {
      const rows = await ex
        .select({ code: creditConditions.sourceCode, createdAt: creditConditions.createdAt })
        .from(creditConditions)
        .where(and(eq(creditConditions.memberId, memberId), eq(creditConditions.kind, 'bonus')))
        .orderBy(asc(creditConditions.id));
      const byCode = new Map<string, Date[]>();
      for (const r of rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r.createdAt]);
      return byCode;
    },

    async promotion(code: string, ex: Executor = db): Promise<Promotion | null> {
      const [row] = await ex.select().from(promotions).where(eq(promotions.code, code)).limit(1);
      return row ?? null;
    },

    /** The promotion row locked: activations of one code queue here, so maxUses is never passed. */
    async lockPromotion(tx: Tx, code: string): Promise<Promotion | null> {
      const [row] = await tx.select().from(promotions).where(eq(promotions.code, code)).for('update');
      return row ?? null;
    },

    async promotionUses(tx: Tx, code: string): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(promotionUses).where(eq(promotionUses.code, code));
      return row?.n ?? 0;
    },

    async hasUsedPromotion(tx: Tx, code: string, memberId: number): Promise<boolean> {
      const rows = await tx
        .select({ code: promotionUses.code })
        .from(promotionUses)
        .where(and(eq(promotionUses.code, code), eq(promotionUses.memberId, memberId)))
        .limit(1);
      return rows.length === 1;
    },

    /** Records the member's use of a code; false when it was already used (primary key). */
    async usePromotion(tx: Tx, code: string, memberId: number, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(promotionUses)
        .values({ code, memberId, createdAt: at })
        .onConflictDoNothing()
        .returning({ code: promotionUses.code });
      return rows.length === 1;
    },

    async linkPromotionUse(tx: Tx, code: string, memberId: number, conditionId: number) {
      await tx
        .update(promotionUses)
        .set({ conditionId })
        .where(and(eq(promotionUses.code, code), eq(promotionUses.memberId, memberId)));
    },
  };
}
export type BonusRepository = ReturnType<typeof createBonusRepository>;
