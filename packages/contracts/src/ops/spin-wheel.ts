// The console's spin wheel page (permission settings.manage): the active wheel's slices and coin
// rate, and one change of both. Odds are in hundredths of a percent and must add up to exactly
// 100 % (ODDS_TOTAL); a wheel that does not is refused with KEY_INVALID (reason ODDS_TOTAL) and
// nothing changes. A saved change is a new wheel: the old one keeps what its coupons point at.
// The page also shows the coupons' condition (the `couponRules` setting), changed on its own.
import { z } from 'zod';
import { ZCouponRules } from './settings.ts';
import { ZReason } from './staff.ts';

export const spinWheelPaths = {
  /** GET the active wheel; PUT { coinPerBaht, slices, reason } replaces it. */
  wheel: '/api/ops/spin-wheel',
} as const;

/** The odds of all slices together: 100.00 %, in hundredths of a percent. */
export const ODDS_TOTAL = 10_000;
export const SPIN_WHEEL_REFUSALS = { oddsTotal: 'ODDS_TOTAL', creditPrize: 'CREDIT_PRIZE' } as const;
export const SPIN_PRIZE_TYPES = ['CREDIT', 'NONE'] as const;

const ZColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const ZOpsSpinSlice = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,16}$/),
  label: z.string().trim().min(1).max(40),
  bgColor: ZColour,
  textColor: ZColour,
  /** Hundredths of a percent: 250 is 2.5 %. */
  odds: z.number().int().min(0).max(ODDS_TOTAL),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  prizeName: z.string().trim().max(100),
  /** Baht. */
  prizeAmount: z.number().finite().min(0).max(1_000_000).multipleOf(0.01),
  htmlDescription: z.string().max(2000),
});
export type TOpsSpinSlice = z.infer<typeof ZOpsSpinSlice>;

export const ZSpinWheelChange = z.strictObject({
  /** One coin per this many baht played through. */
  coinPerBaht: z.number().int().min(1).max(1_000_000),
  slices: z
    .array(ZOpsSpinSlice)
    .min(2)
    .max(16)
    .refine((slices) => new Set(slices.map((s) => s.code)).size === slices.length, { message: 'duplicate code' }),
  reason: ZReason,
});
export type TSpinWheelChange = z.infer<typeof ZSpinWheelChange>;

export const ZSpinWheelPage = z.object({
  wheel: z
    .object({
      id: z.number(),
      name: z.string(),
      coinPerBaht: z.number(),
      couponHours: z.number(),
      slices: z.array(ZOpsSpinSlice),
    })
    .nullable(),
  lastChange: z.object({ at: z.string(), staffName: z.string() }).nullable(),
  /** The `couponRules` setting (unset: 0 and 0); changed through PUT settingsPaths.couponRules. */
  couponRules: ZCouponRules,
  couponRulesChange: z.object({ at: z.string(), staffName: z.string() }).nullable(),
});
export type TSpinWheelPage = z.infer<typeof ZSpinWheelPage>;

export const oddsSum = (slices: readonly { odds: number }[]) => slices.reduce((sum, s) => sum + s.odds, 0);
