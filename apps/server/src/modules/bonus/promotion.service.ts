// Promotion codes (docs/product.md §4.1): find a code, use it once per member for a fixed
// credit under a condition (docs/product.md §4.2), and the member's current promotion.
import type { TPromotion, TUserBonusRecord } from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMemberRepository } from '../account/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { assertNotExcluded } from '../protection/index.ts';
import { createWalletService } from '../wallet/index.ts';
import { createBonusRepository, type Promotion } from './bonus.repository.ts';
import { isPromotionOpen, toPromotion, toUserBonusRecord } from './bonus-views.ts';
import { createCreditConditions } from './credit-condition.ts';

/** Codes are upper case: the server upper-cases too, whatever a client sends. */
export function promotionCodeOf(raw: string): string {
  return raw.trim().toUpperCase();
}

export function createPromotionService(ctx: AppContext) {
  const repo = createBonusRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const conditions = createCreditConditions(ctx);
  const ledger = createLedger(ctx);

  async function memberOf(memberId: number) {
    const m = await members.byId(memberId);
    if (!m) throw new AppError('invalid-token');
    return { id: m.id, currency: m.currency as Currency };
  }

  /** The promotion a member of `currency` can use now, or null. */
  async function open(code: string, currency: Currency): Promise<Promotion | null> {
    const p = await repo.promotion(promotionCodeOf(code));
    return p && p.currency === currency && isPromotionOpen(p, ctx.now()) ? p : null;
  }

  return {
    async current(memberId: number): Promise<TPromotion | null> {
      const c = await conditions.active(memberId);
      if (c?.kind !== 'promotion') return null;
      const p = await repo.promotion(c.sourceCode);
      return p ? toPromotion(p) : null;
    },

    async find(memberId: number, code: string): Promise<TPromotion | null> {
      const member = await memberOf(memberId);
      const p = await open(code, member.currency);
      return p ? toPromotion(p) : null;
    },

    async activate(memberId: number, rawCode: string): Promise<TUserBonusRecord> {
      const member = await memberOf(memberId);
      const found = await open(rawCode, member.currency);
      if (!found) throw new AppError('NO_PROMOTION');
      // The starting credit is the total balance after the credit: read the games from the providers first.
      await createWalletService(ctx, conditions).refreshSlots(member.id);
      const bonusExpense = await ledger.houseAccountId(HOUSE.BONUS_EXPENSE, member.currency, member.id);
      const condition = await ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, member.id);
        await assertNotExcluded(tx, member.id, ctx.now());
        // Activations of one code queue on its row, so the use count below is exact.
        const p = await repo.lockPromotion(tx, found.code);
        if (!p || !isPromotionOpen(p, ctx.now())) throw new AppError('NO_PROMOTION');
        if (await repo.hasUsedPromotion(tx, p.code, member.id)) throw new AppError('PROMOTION_RECEIVED');
        if (p.maxUses !== null && (await repo.promotionUses(tx, p.code)) >= p.maxUses) throw new AppError('BONUS_FULL');
        if (await conditions.active(member.id, tx)) throw new AppError('BONUS_ALREADY_ACTIVE');
        if (!(await repo.usePromotion(tx, p.code, member.id, ctx.now()))) throw new AppError('PROMOTION_RECEIVED');
        const c = await conditions.grant(tx, {
          memberId: member.id,
          currency: member.currency,
          kind: 'promotion',
          sourceCode: p.code,
          amount: p.amount,
          fromAccountId: bonusExpense,
          description: p.description,
          targetMultiple: p.turnover,
          percentFail: p.percentFail,
          idempotencyKey: `promotion:${p.code}`,
        });
        await repo.linkPromotionUse(tx, p.code, member.id, c.id);
        return c;
      });
      return toUserBonusRecord(condition);
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
