// The spin wheel and its coupons (docs/product.md §4.5).
import { z } from 'zod';

export { spinPaths } from './spin-paths.ts';

export const ZSpinSlice = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});
export type TSpinSlice = z.infer<typeof ZSpinSlice>;
export const ZSpinSetup = z.object({
  result: z.object({ name: z.string(), slices: z.array(ZSpinSlice) }).nullable(),
  userCoin: z.number(),
});
export type TSpinSetup = z.infer<typeof ZSpinSetup>;
/** The drawn slice (`result` is its code); a prize became a coupon (`coupon` its id). */
export const ZSpinResult = z.object({
  success: z.boolean(),
  result: z.string(),
  label: z.string(),
  remainingCoin: z.number(),
  coupon: z.string().nullable(),
});
export type TSpinResult = z.infer<typeof ZSpinResult>;
export const ZCoupon = z.object({
  _id: z.string(),
  prize: z.object({
    name: z.string(),
    slice: z.object({ label: z.string(), htmlDescription: z.string() }),
  }),
  amount: z.number(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;
/** The member's claimable coupons, newest first. */
export const ZCouponListResponse = z.array(ZCoupon);
export type TCouponListResponse = z.infer<typeof ZCouponListResponse>;
export const ZCouponClaimRequest = z.strictObject({ coupon: z.string().trim().min(1).max(64) });
export type TCouponClaimRequest = z.infer<typeof ZCouponClaimRequest>;
export const ZCouponClaimResponse = z.object({ message: z.literal('SUCCESS'), amount: z.number() });
export type TCouponClaimResponse = z.infer<typeof ZCouponClaimResponse>;
export const ZSpinActive = z.object({ isActive: z.boolean() });
export type TSpinActive = z.infer<typeof ZSpinActive>;
