// Lookups: GET, no payload. The answer shapes are decision 001's.
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';

export { lookupPaths } from './lookup-paths.ts';

export const ZBank = z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string() });
export type TBank = z.infer<typeof ZBank>;
export const ZBanksResponse = z.array(ZBank);

export const ZSource = z.object({ code: z.string(), description: z.string() });
export type TSource = z.infer<typeof ZSource>;
export const ZSourcesResponse = z.array(ZSource);

export const ZInfo = z.object({ name: z.string(), website: z.string() });
export type TInfo = z.infer<typeof ZInfo>;

export const ZContact = z.object({
  contactText: z.string(),
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/** HTML strings, sanitised by the SPA before rendering. */
export const ZHtmlList = z.array(z.string());

/** The placeholder in the notice text replaced by the bonus's percentFail. */
export const NOTICE_PERCENT_FAIL = '{percentFail}';
export const ZNotice = z.object({ notice: z.string() });
export type TNotice = z.infer<typeof ZNotice>;

export const ZRegisterOtp = z.object({ registerOTP: z.boolean() });
export const ZEnableChatWidget = z.object({ enableChatWidget: z.boolean() });

/** `terminated` is "gone" when the site is closed, otherwise null. */
export const ZActive = z.object({ terminated: z.literal('gone').nullable() });
export type TActive = z.infer<typeof ZActive>;

export const ZWithdrawLimits = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
export type TWithdrawLimits = z.infer<typeof ZWithdrawLimits>;

/** The slip upload's daily closing window, in the site's time zone (HH:mm). */
export const ZSlipLookup = z.object({
  isClosed: z.boolean(),
  closeStart: z.string(),
  closeEnd: z.string(),
});
export type TSlipLookup = z.infer<typeof ZSlipLookup>;

export const ZDepositBank = z.object({
  bankCode: z.string(),
  bankType: z.string(),
  mode: z.string(),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(CURRENCIES),
});
/** A TrueMoney wallet: AUTO (send from the registered phone to walletAccountNo) or gift (links). */
export const ZDepositWallet = z.object({
  mode: z.string(),
  walletAccountName: z.string(),
  walletAccountNo: z.string().optional(),
});
export const ZDepositLookup = z.object({
  banks: z.array(ZDepositBank),
  wallets: z.array(ZDepositWallet),
  isManual: z.boolean(),
  /** The smallest deposit (a site setting), enforced on QR and TrueMoney links (docs/product.md §3.3). */
  minimumDeposit: z.number(),
  /**
   * A signed-in member on a break (`excluded`) or whose tightest deposit limit has nothing left
   * (`limit`) is offered no account, wallet or QR gateway; `until` is when that ends (null: not
   * by itself). Absent or null: nothing held back.
   */
  blocked: z
    .object({ reason: z.enum(['limit', 'excluded']), until: z.string().nullable() })
    .nullable()
    .optional(),
});
export type TDepositLookup = z.infer<typeof ZDepositLookup>;

/** One how-to video of the member's /howto page: its title in the member's language, video and poster addresses. */
export const ZHowtoTutorial = z.object({ id: z.string(), title: z.string(), video: z.string(), poster: z.string() });
export type THowtoTutorial = z.infer<typeof ZHowtoTutorial>;
export const ZHowtoResponse = z.array(ZHowtoTutorial);
