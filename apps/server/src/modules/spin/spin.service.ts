// The spin wheel (docs/product.md §4.5): setup, and a spin that spends one coin, draws a
// slice on the server and turns a prize into a coupon, all in one database transaction.
import { randomBytes } from 'node:crypto';
import type { TSpinActive, TSpinResult, TSpinSetup } from '@krapao/contracts/spin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotExcluded } from '../protection/index.ts';
import { createSpinRepository } from './spin.repository.ts';
import { cryptoRandom, drawSlice, type RandomSource, seededRandom } from './spin-draw.ts';

const HOUR_MS = 3_600_000;

/** A coupon id nobody can guess: 16 random bytes, URL-safe. */
export function newCouponId(): string {
  return randomBytes(16).toString('base64url');
}

export type SpinServiceOptions = { random?: RandomSource };

export function createSpinService(ctx: AppContext, opts: SpinServiceOptions = {}) {
  const repo = createSpinRepository(ctx.db);
  const seed = ctx.config.SANDBOX_RANDOM_SEED;
  // Seeded, a member's n-th spin (keyed by the coins it leaves) draws the same for every member.
  const randomFor = (coinsLeft: number): RandomSource =>
    opts.random ?? (seed ? seededRandom(`${seed}:${coinsLeft}`) : cryptoRandom);

  return {
    async active(): Promise<TSpinActive> {
      return { isActive: (await repo.activeWheel()) !== null };
    },

    async setup(memberId: number): Promise<TSpinSetup> {
      const [wheel, userCoin] = await Promise.all([repo.activeWheel(), repo.coins(memberId)]);
      if (!wheel) return { result: null, userCoin };
      const slices = await repo.slices(wheel.id);
      return {
        result: {
          name: wheel.name,
          slices: slices.map((s) => ({
            code: s.code,
            label: s.label,
            bgColor: s.bgColor,
            textColor: s.textColor,
            htmlDescription: s.htmlDescription,
          })),
        },
        userCoin,
      };
    },

    /**
     * One coin spent (refused when none is left: nothing is recorded), one slice drawn, the spin
     * recorded and, for a CREDIT slice, an OPEN coupon that expires after the wheel's couponHours.
     */
    async spin(memberId: number): Promise<TSpinResult> {
      return ctx.db.transaction(async (tx) => {
        await assertNotExcluded(tx, memberId, ctx.now());
        const wheel = await repo.activeWheel(tx);
        if (!wheel) throw new AppError('NO_DATA', { reason: 'no-active-wheel' });
        const remainingCoin = await repo.spendCoin(tx, memberId);
        if (remainingCoin === null) throw new AppError('KEY_INVALID', { reason: 'no-coin' });
        const slice = drawSlice(await repo.slices(wheel.id, tx), randomFor(remainingCoin));
        if (!slice) throw new AppError('NO_DATA', { reason: 'no-drawable-slice' });
        const now = ctx.now();
        const spinId = await repo.insertSpin(tx, {
          memberId,
          wheelId: wheel.id,
          sliceCode: slice.code,
          createdAt: now,
        });
        let coupon: string | null = null;
        if (slice.prizeType === 'CREDIT' && slice.prizeAmount > 0n) {
          coupon = newCouponId();
          await repo.insertCoupon(tx, {
            id: coupon,
            memberId,
            spinId,
            wheelId: wheel.id,
            sliceCode: slice.code,
            prizeName: slice.prizeName,
            amount: slice.prizeAmount,
            currency: 'BAHT',
            status: 'OPEN',
            expiresAt: new Date(now.getTime() + wheel.couponHours * HOUR_MS),
            createdAt: now,
          });
        }
        return { success: true, result: slice.code, label: slice.label, remainingCoin, coupon };
      });
    },
  };
}
export type SpinService = ReturnType<typeof createSpinService>;
