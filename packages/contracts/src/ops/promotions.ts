// The console's promotions page: deposit bonuses and promotion codes, permission settings.manage.
// Every change is audited (bonus.create, bonus.update, promotion.create, promotion.disable) with the
// row before and after. Amounts in major units of `currency`; percentages are whole percent.
import { z } from 'zod';
import { BONUS_TYPES } from '../bonus.ts';
import { CURRENCIES } from '../constants.ts';
import { ZReason } from './staff.ts';

export const promotionsPaths = {
  /** GET every bonus, switched off ones too; POST creates one. */
  bonuses: '/api/ops/bonuses',
  /** POST replaces a bonus's rules (not its code or currency). */
  bonus: '/api/ops/bonuses/:code',
  /** GET every promotion code with its uses; POST creates one. */
  codes: '/api/ops/promotion-codes',
  /** POST switches a promotion code off: it can no longer be found or used. */
  disableCode: '/api/ops/promotion-codes/:code/disable',
} as const;

/** Codes are what a member types or a link carries: capitals, digits, dash and underscore. */
export const ZPromotionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/);
export const ZOpsCodeParams = z.strictObject({ code: z.string().trim().min(1).max(32) });

/** A reason the staff member may leave empty (a form's empty field sends ''). */
const ZOptionalReason = z.union([z.literal('').transform(() => undefined), ZReason]).optional();
const ZAmount = z.number().finite().multipleOf(0.01);
const ZPercent = z.number().int().min(0).max(100);

/** A banner: the image's URL (a path on this site or https) and its HTML text. */
export const ZOpsBanner = z.strictObject({
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/)\S+$/),
  html: z.string().max(5000),
});

export const ZOpsBonusRules = z.strictObject({
  name: z.string().trim().min(1).max(120),
  /** limit: maxReceived in all; day / week: maxReceived within the day / week (site time zone). */
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().min(1).max(1000),
  percent: z.number().int().min(1).max(100),
  maxBonus: ZAmount.positive(),
  minDeposit: ZAmount.min(0),
  /** Success at turnover × the starting credit. */
  turnover: z.number().int().min(1).max(100),
  /** Failure below percentFail % of the starting credit. */
  percentFail: ZPercent.max(99),
  banners: z.array(ZOpsBanner).max(10),
  isActive: z.boolean(),
  sortOrder: z.number().int().min(0).max(1000),
});
export type TOpsBonusRules = z.infer<typeof ZOpsBonusRules>;

export const ZOpsBonusCreate = ZOpsBonusRules.extend({
  code: ZPromotionCode,
  currency: z.enum(CURRENCIES),
  reason: ZOptionalReason,
});
export type TOpsBonusCreate = z.input<typeof ZOpsBonusCreate>;
export const ZOpsBonusUpdate = ZOpsBonusRules.extend({ reason: ZOptionalReason });
export type TOpsBonusUpdate = z.input<typeof ZOpsBonusUpdate>;

export const ZOpsBonus = ZOpsBonusRules.extend({
  code: z.string(),
  currency: z.enum(CURRENCIES),
  banners: z.array(z.object({ image: z.string(), html: z.string() })),
});
export type TOpsBonus = z.infer<typeof ZOpsBonus>;
export const ZOpsBonusList = z.object({ items: z.array(ZOpsBonus) });
export type TOpsBonusList = z.infer<typeof ZOpsBonusList>;

export const ZOpsPromotionCodeCreate = z
  .strictObject({
    code: ZPromotionCode,
    description: z.string().trim().min(1).max(200),
    amount: ZAmount.positive(),
    turnover: z.number().int().min(1).max(100),
    percentFail: ZPercent.max(99),
    /** How many members may use it in all; null: no limit. */
    maxUses: z.number().int().min(1).max(10_000_000).nullable(),
    currency: z.enum(CURRENCIES),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    reason: ZOptionalReason,
  })
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    path: ['endsAt'],
    message: 'ends before it starts',
  });
export type TOpsPromotionCodeCreate = z.input<typeof ZOpsPromotionCodeCreate>;
export const ZOpsPromotionCodeDisable = z.strictObject({ reason: ZReason });

export const ZOpsPromotionCode = z.object({
  code: z.string(),
  description: z.string(),
  amount: z.number(),
  turnover: z.number().int(),
  percentFail: z.number().int(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  currency: z.enum(CURRENCIES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
});
export type TOpsPromotionCode = z.infer<typeof ZOpsPromotionCode>;
export const ZOpsPromotionCodeList = z.object({ items: z.array(ZOpsPromotionCode) });
export type TOpsPromotionCodeList = z.infer<typeof ZOpsPromotionCodeList>;

/** Invite and cashback settings (changed through the settings trail, audited as setting.change). */
export const promotionRulesPaths = {
  /** GET the invite settings with who changed each last; POST changes one of them (key, value, reason). */
  invite: '/api/ops/promotion-rules/invite',
  /** GET the cashback settings with who changed them last; POST changes them (value, reason). */
  refund: '/api/ops/promotion-rules/refund',
} as const;

/** A percentage with two decimals at most. */
const ZSharePercent = z.number().min(0).max(100).multipleOf(0.01);
/** A condition's success (+ % of the start) and fail (below % of the start) percentages. */
export const ZOpsConditionPercents = z.strictObject({
  success: z.number().int().min(1).max(1000),
  fail: z.number().int().min(0).max(99),
});
export const ZOpsInviteRules = z.strictObject({
  isActive: z.boolean(),
  sharePercent: ZSharePercent,
  minimumClaim: ZAmount.min(0),
  requireInviteePlay: z.boolean(),
});
export type TOpsInviteRules = z.infer<typeof ZOpsInviteRules>;
export const ZOpsRefundRules = z.strictObject({
  isActive: z.boolean(),
  percent: ZSharePercent,
  success: z.number().int().min(1).max(1000),
  fail: z.number().int().min(0).max(99),
  minimum: ZAmount.min(0),
  period: z.enum(['day', 'week']),
  info: z.string().max(5000),
});
export type TOpsRefundRules = z.infer<typeof ZOpsRefundRules>;

export const ZOpsInviteRulesSet = z.strictObject({
  key: z.literal('inviteRules'),
  value: ZOpsInviteRules,
  reason: ZReason,
});
export const ZOpsInviteConditionSet = z.strictObject({
  key: z.literal('invite'),
  value: ZOpsConditionPercents,
  reason: ZReason,
});
export const ZOpsInviteRulesChange = z.discriminatedUnion('key', [ZOpsInviteRulesSet, ZOpsInviteConditionSet]);
export type TOpsInviteRulesChange = z.input<typeof ZOpsInviteRulesChange>;
export const ZOpsRefundRulesChange = z.strictObject({ value: ZOpsRefundRules, reason: ZReason });
export type TOpsRefundRulesChange = z.input<typeof ZOpsRefundRulesChange>;

/** Who changed a setting last, and when (absent: never changed by staff). */
export const ZOpsLastChange = z.object({ at: z.string(), staffName: z.string().nullable() }).nullable();
export const ZOpsInviteSettings = z.object({
  inviteRules: ZOpsInviteRules,
  invite: ZOpsConditionPercents,
  changes: z.object({ inviteRules: ZOpsLastChange, invite: ZOpsLastChange }),
});
export type TOpsInviteSettings = z.infer<typeof ZOpsInviteSettings>;
export const ZOpsRefundSettings = z.object({
  refundRules: ZOpsRefundRules,
  changes: z.object({ refundRules: ZOpsLastChange }),
});
export type TOpsRefundSettings = z.infer<typeof ZOpsRefundSettings>;
