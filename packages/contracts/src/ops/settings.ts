// The console's settings page: the site switches and the payment settings. Each change is one
// setting's whole new value with the reason the audit trail keeps (permission settings.manage).
// A refused value answers KEY_INVALID with the offending `fields` and changes nothing.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { AUTO_MODE, GIFT_MODE, PAYMENT_BANK_TYPE } from '../deposit.ts';
import { ZReason } from './staff.ts';

export const settingsPaths = {
  /** GET every setting of the page, who changed each last, and the banks an account may be at. */
  page: '/api/ops/settings',
  /** PUT { value, reason }: one setting's new value. */
  active: '/api/ops/settings/active',
  registerOTP: '/api/ops/settings/registerOTP',
  enableChatWidget: '/api/ops/settings/enableChatWidget',
  deposit: '/api/ops/settings/deposit',
  depositMinimums: '/api/ops/settings/depositMinimums',
  withdrawRules: '/api/ops/settings/withdrawRules',
  slip: '/api/ops/settings/slip',
  /** PUT { value, reason }: the spin coupons' condition (served and edited on the spin wheel page). */
  couponRules: '/api/ops/settings/couponRules',
} as const;

export const SITE_SWITCHES = ['active', 'registerOTP', 'enableChatWidget'] as const;
export type SiteSwitch = (typeof SITE_SWITCHES)[number];
export const PAYMENT_SETTINGS = ['deposit', 'depositMinimums', 'withdrawRules', 'slip'] as const;
export type PaymentSetting = (typeof PAYMENT_SETTINGS)[number];
export type PageSetting = SiteSwitch | PaymentSetting;

/** AUTO: the bank feed credits a registered sender at once; SLIP: the member uploads a slip. */
export const HOUSE_ACCOUNT_MODES = [AUTO_MODE, 'SLIP'] as const;
export const HOUSE_ENTRY_TYPES = ['BANK', PAYMENT_BANK_TYPE] as const;

const ZMajor = z.number().finite().min(0).max(1e12);
const ZAccountNo = z
  .string()
  .trim()
  .regex(/^\d{6,20}$/);

/**
 * A receiving bank account (bankType BANK) or a QR gateway (PAYMENT, no account number). Off
 * entries stay stored but the member's deposit lookup leaves them out. A receiving account whose
 * credited deposits of the business day (site time zone) reached `dailyCap` (major units) is left
 * out of the member's deposit lookup until the next day; money still sent to it is credited. A
 * gateway's cap is not counted.
 */
export const ZHouseEntry = z.strictObject({
  bankCode: z.string().trim().min(1).max(16),
  bankType: z.enum(HOUSE_ENTRY_TYPES),
  mode: z.enum(HOUSE_ACCOUNT_MODES),
  bankAccountName: z.string().trim().min(1).max(100),
  bankAccountNo: z.union([ZAccountNo, z.literal('')]),
  currency: z.enum(CURRENCIES),
  isEnabled: z.boolean(),
  dailyCap: ZMajor.nullable(),
});
export type THouseEntry = z.infer<typeof ZHouseEntry>;

export const ZHouseWallet = z.strictObject({
  mode: z.enum([AUTO_MODE, GIFT_MODE]),
  walletAccountName: z.string().trim().min(1).max(100),
  walletAccountNo: z
    .string()
    .trim()
    .regex(/^0\d{9}$/)
    .optional(),
});

const ZDepositShape = z.strictObject({
  banks: z.array(ZHouseEntry).max(50),
  wallets: z.array(ZHouseWallet).max(10),
  isManual: z.boolean(),
});
/** Account numbers are unique among the receiving accounts; an AUTO wallet names its number. */
export const ZDepositSetting = ZDepositShape.superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.banks.forEach((entry, i) => {
    if (entry.bankType === PAYMENT_BANK_TYPE) return;
    if (entry.bankAccountNo === '')
      ctx.addIssue({ code: 'custom', path: ['banks', i, 'bankAccountNo'], message: 'required' });
    else if (seen.has(entry.bankAccountNo))
      ctx.addIssue({ code: 'custom', path: ['banks', i, 'bankAccountNo'], message: 'duplicate' });
    seen.add(entry.bankAccountNo);
  });
  value.wallets.forEach((wallet, i) => {
    if (wallet.mode === AUTO_MODE && !wallet.walletAccountNo)
      ctx.addIssue({ code: 'custom', path: ['wallets', i, 'walletAccountNo'], message: 'required' });
  });
});
export type TDepositSetting = z.infer<typeof ZDepositSetting>;

export const ZDepositMinimums = z.partialRecord(z.enum(CURRENCIES), ZMajor);

const ZWithdrawRulesShape = z.strictObject({
  withdrawMin: ZMajor,
  withdrawMax: ZMajor,
  autoApproveMax: ZMajor,
  dailyAutoAmount: ZMajor,
  dailyAutoCount: z.number().int().min(0).max(10_000),
  firstReviewAbove: ZMajor,
});
export type TWithdrawCurrencyRules = z.infer<typeof ZWithdrawRulesShape>;
export const ZWithdrawCurrencyRules = ZWithdrawRulesShape.refine((r) => r.withdrawMax >= r.withdrawMin, {
  path: ['withdrawMax'],
  message: 'below-min',
});
export const ZWithdrawRulesSetting = z.partialRecord(z.enum(CURRENCIES), ZWithdrawCurrencyRules);

const ZHourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const ZSlipSetting = z.strictObject({ closeStart: ZHourMinute, closeEnd: ZHourMinute });

const ZPercent = z.number().int().min(0).max(100);
/** The condition a claimed spin coupon starts: success at +success %, failure below fail % of the start. */
export const ZCouponRules = z.strictObject({ success: ZPercent, fail: ZPercent });
export type TCouponRules = z.infer<typeof ZCouponRules>;

/** The value schema of each setting the console edits. */
export const SETTING_VALUES = {
  active: z.boolean(),
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  deposit: ZDepositSetting,
  depositMinimums: ZDepositMinimums,
  withdrawRules: ZWithdrawRulesSetting,
  slip: ZSlipSetting,
  couponRules: ZCouponRules,
} as const;
/** A setting the console edits one at a time: the settings page's, and those of other pages. */
export type EditableSetting = keyof typeof SETTING_VALUES;
export type TSettingValue<K extends EditableSetting> = z.infer<(typeof SETTING_VALUES)[K]>;

export const settingChangeOf = <K extends EditableSetting>(key: K) =>
  z.strictObject({ value: SETTING_VALUES[key], reason: ZReason });

export const ZLastChange = z.object({ at: z.string(), staffName: z.string().nullable() });
export type TLastChange = z.infer<typeof ZLastChange>;

export const ZSettingsPage = z.object({
  active: z.boolean(),
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  deposit: ZDepositShape,
  depositMinimums: ZDepositMinimums,
  withdrawRules: z.partialRecord(z.enum(CURRENCIES), ZWithdrawRulesShape),
  slip: ZSlipSetting,
  lastChanges: z.partialRecord(z.enum([...SITE_SWITCHES, ...PAYMENT_SETTINGS]), ZLastChange),
  /**
   * One figure per deposit.banks entry, in its order: the major units credited into that receiving
   * account on the current business day; null for a gateway (not counted).
   */
  receivedToday: z.array(z.number().nullable()),
  /** The banks a receiving account may be at (the banks table, this build's countries). */
  bankChoices: z.array(z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string() })),
});
export type TSettingsPage = z.infer<typeof ZSettingsPage>;

/** What a stored deposit lookup entry carries beyond the member's view (absent: on, no cap). */
export type THouseEntryState = { isEnabled?: boolean; dailyCap?: number | null };
