// Spin coupons (docs/product.md §4.5): the member's claimable coupons, and the claim that credits
// a coupon's amount to the wallet exactly once, as a `bonus` statement row linked to the lucky draw.
// A coupon is house credit (decision 055): the claim is a grant of kind `coupon` under the condition
// engine, with the `couponRules` setting's success and fail percentages.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TCouponClaimResponse, TCouponListResponse } from '@krapao/contracts/spin';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { wholePercent } from '../../lib/percent.ts';
import { createCreditConditions } from '../bonus/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { createSettingsRepository, type SiteSettings } from '../lookup/index.ts';
import { assertNotExcluded } from '../protection/index.ts';
import { type Coupon, createSpinRepository } from './spin.repository.ts';

/** The statement's "from" of a coupon credit. */
export const COUPON_FROM_CODE = 'LUCKYDRAW';

export function createCouponService(ctx: AppContext) {
  const repo = createSpinRepository(ctx.db);
  const ledger = createLedger(ctx);
  const conditions = createCreditConditions(ctx);
  const settings = createSettingsRepository(ctx.db);

  /** Why a coupon cannot be claimed, checked in the order the member would want to hear it. */
  async function refusal(tx: Tx, memberId: number, id: string, now: Date): Promise<AppError | null> {
    const coupon = await repo.coupon(memberId, id, tx);
    if (!coupon) return new AppError('INVALID_CODE');
    if (coupon.status !== 'OPEN') return new AppError('NO_CLAIMABLE_COUPON');
    if (coupon.expiresAt.getTime() <= now.getTime()) return new AppError('COUPON_EXPIRED');
    const slice = await repo.slice(coupon.wheelId, coupon.sliceCode, tx);
    if (!slice) return new AppError('INVALID_PRIZE_CODE');
    if (slice.prizeType !== 'CREDIT' || coupon.amount <= 0n) return new AppError('INVALID_COUPON_TYPE');
    return null;
  }

  /**
   * HOUSE.BONUS_EXPENSE → WALLET through the condition engine: a `bonus` statement row with the
   * lucky-draw link, and a `coupon` condition on the member's total balance.
   */
  async function credit(tx: Tx, coupon: Coupon, rules: SiteSettings['couponRules'] | undefined) {
    const wallet = await ledger.memberAccount(coupon.memberId, 'WALLET', tx);
    if (!wallet || wallet.currency !== coupon.currency) throw new AppError('INVALID_COUPON_TYPE');
    const house = await ledger.houseAccountId(HOUSE.BONUS_EXPENSE, coupon.currency, coupon.memberId, tx);
    const condition = await conditions.grant(tx, {
      memberId: coupon.memberId,
      currency: coupon.currency,
      kind: 'coupon',
      // The statement's from column: the lucky draw (the coupon itself is in the metadata).
      sourceCode: COUPON_FROM_CODE,
      amount: coupon.amount,
      fromAccountId: house,
      description: coupon.prizeName,
      successPercent: wholePercent(rules?.success),
      percentFail: wholePercent(rules?.fail),
      idempotencyKey: `coupon:${coupon.id}`,
      metadata: { couponId: coupon.id },
    });
    await repo.setCouponTransaction(tx, coupon.id, condition.grantTransactionId!);
  }

  return {
    async list(memberId: number): Promise<TCouponListResponse> {
      const rows = await repo.openCoupons(memberId, ctx.now());
      return rows.map(({ coupon, sliceLabel, sliceHtml }) => ({
        _id: coupon.id,
        prize: {
          name: coupon.prizeName,
          slice: { label: sliceLabel ?? coupon.prizeName, htmlDescription: sliceHtml ?? '' },
        },
        amount: fromMinor(coupon.amount, coupon.currency as Currency),
        expiresAt: coupon.expiresAt.toISOString(),
        createdAt: coupon.createdAt.toISOString(),
      }));
    },

    /** Credits the coupon once: the guarded OPEN → CLAIMED update decides parallel claims. */
    async claim(memberId: number, id: string): Promise<TCouponClaimResponse> {
      const rules = await settings.get('couponRules');
      const coupon = await ctx.db.transaction(async (tx) => {
        // The member row first (the ledger's lock order): a condition granted at the same time has
        // committed, or waits for this claim, before the check below reads it.
        if (!(await ledger.lockMember(tx, memberId))) throw new AppError('invalid-token');
        const now = ctx.now();
        await assertNotExcluded(tx, memberId, now);
        const refused = await refusal(tx, memberId, id, now);
        if (refused) throw refused;
        if (await conditions.active(memberId, tx)) throw new AppError('BONUS_REMAINING');
        const taken = await repo.takeCoupon(tx, memberId, id, now);
        if (!taken) throw (await refusal(tx, memberId, id, now)) ?? new AppError('NO_CLAIMABLE_COUPON');
        await credit(tx, taken, rules);
        return taken;
      });
      return { message: 'SUCCESS', amount: fromMinor(coupon.amount, coupon.currency as Currency) };
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
