// Bonuses, promotion codes and credit conditions (docs/product.md §4.1, §4.2).
import { z } from 'zod';

export const bonusPaths = {
  list: '/api/bonus',
  activate: '/api/bonus/activate/:code',
  checkActive: '/api/bonus/check/active',
  clear: '/api/bonus/clear',
  checkMinimum: '/api/bonus/check/minimum',
} as const;
export const promotionPaths = {
  current: '/api/promotion/current',
  find: '/api/promotion/find/:code',
  activate: '/api/promotion/activate/:code',
} as const;
export const bonusPath = {
  activate: (code: string) => `/api/bonus/activate/${encodeURIComponent(code)}`,
  promotionFind: (code: string) => `/api/promotion/find/${encodeURIComponent(code)}`,
  promotionActivate: (code: string) => `/api/promotion/activate/${encodeURIComponent(code)}`,
};

export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
/** What started a credit condition. */
export const CONDITION_KINDS = ['bonus', 'promotion', 'invite', 'refund', 'coupon'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export const ZCodeParams = z.strictObject({ code: z.string().trim().min(1).max(32) });

/** A banner: image path and HTML (sanitised by the SPA). */
export const ZBanner = z.object({ image: z.string(), html: z.string() });
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannersResponse = z.array(ZBanner);

export const ZUserBonus = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: z.string() })),
});
export const ZBonus = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number(),
  percentFail: z.number(),
  /** The bonus's figures, for the card and the modal. */
  percent: z.number(),
  maxBonus: z.number(),
  minDeposit: z.number(),
  turnover: z.number(),
  banners: z.array(ZBanner),
  userBonus: ZUserBonus,
  /** The received state computed with `isBonusReceived` (site time zone, weeks from Monday). */
  isReceived: z.boolean(),
});
export type TBonus = z.infer<typeof ZBonus>;
export const ZBonusListResponse = z.array(ZBonus);

/** The condition a member is under, with its live progress toward success and failure. */
export const ZConditionProgress = z.object({
  kind: z.enum(CONDITION_KINDS),
  code: z.string(),
  bonusAmount: z.number(),
  startCredit: z.number(),
  balance: z.number(),
  target: z.number(),
  failBelow: z.number(),
  percentFail: z.number(),
  /** What a cancel takes back now: min(bonusAmount, balance) (decision 055). */
  cancelTakesBack: z.number(),
});
export type TConditionProgress = z.infer<typeof ZConditionProgress>;
/** GET /api/bonus/check/active: status, type (the bonus type, or the condition kind). */
export const ZActiveBonusCheck = z.object({
  status: z.boolean(),
  type: z.string().nullable(),
  progress: ZConditionProgress.nullable(),
});
export type TActiveBonusCheck = z.infer<typeof ZActiveBonusCheck>;

/** What activating a bonus or a promotion returns: the user bonus record. */
export const ZUserBonusRecord = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(CONDITION_KINDS),
  isActive: z.boolean(),
  amount: z.number(),
  startCredit: z.number(),
  target: z.number(),
  failBelow: z.number(),
  createdAt: z.string(),
});
export type TUserBonusRecord = z.infer<typeof ZUserBonusRecord>;

export const ZBonusClearResponse = z.object({ message: z.string(), takenBack: z.number() });
export const ZBonusMinimumResponse = z.object({ minimum: z.number(), eligible: z.boolean() });

export const ZPromotion = z.object({
  code: z.string(),
  description: z.string(),
  percentFail: z.number(),
  amount: z.number(),
  turnover: z.number(),
});
export type TPromotion = z.infer<typeof ZPromotion>;
/** find: the promotion, or null when there is none (an empty answer also means not found). */
export const ZPromotionFindResponse = ZPromotion.nullable();

/**
 * The received state of a bonus (docs/product.md §4.1): received once the receipts counted for the type reach
 * maxReceived — all receipts for `limit`, those of the current day for `day`, of the current week
 * (from Monday) for `week`, in the site's time zone. Server and SPA share it.
 */
export function isBonusReceived(
  bonus: { type: BonusType; maxReceived: number },
  receivedAt: (string | Date)[],
  now: Date,
  timeZone: string,
): boolean {
  const today = dayNumber(now, timeZone);
  const weekStart = today - weekdayFromMonday(today);
  const counted = receivedAt.filter((at) => {
    if (bonus.type === 'limit') return true;
    const day = dayNumber(new Date(at), timeZone);
    return bonus.type === 'day' ? day === today : day >= weekStart && day <= today;
  });
  return counted.length >= bonus.maxReceived;
}

/** Days since 1970-01-01 of the calendar date at `at` in `timeZone`. */
function dayNumber(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return Math.floor(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000);
}

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
function weekdayFromMonday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}
