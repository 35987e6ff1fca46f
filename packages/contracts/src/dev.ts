// Dev-only endpoints (refused when NODE_ENV=production).
import { z } from 'zod';
import { ZSlipSetting } from './ops/settings.ts';

export const devPaths = {
  sms: '/dev/sms',
  settings: '/dev/settings',
  /** Stands in for the member's bank app paying a QR: the gateway then calls our webhook. */
  gatewayPay: '/dev/gateway/pay/:qrcodeId',
  /** Records a transfer in the sandbox bank feed and answers a slip PNG with a valid mini-QR. */
  bankTransfer: '/dev/bank/transfer',
  /** Creates a sandbox TrueMoney gift voucher and answers its link. */
  truemoneyVoucher: '/dev/truemoney/voucher',
  /** A TrueMoney transfer from a phone into the house wallet (AUTO mode). */
  truemoneyTransfer: '/dev/truemoney/transfer',
  /** Operator decisions on a withdrawal waiting for approval, until the operator console exists. */
  withdrawalApprove: '/dev/withdrawals/:withdrawalId/approve',
  withdrawalReject: '/dev/withdrawals/:withdrawalId/reject',
  /** Lists withdrawals (?memberId=, ?status=), newest first, for tests and e2e. */
  withdrawals: '/dev/withdrawals',
  /** A member loses at the demo provider in the last closed cashback period, as the demo member did. */
  refundLosses: '/dev/refund/losses',
  /** Faults of the payment sandboxes: gateway, slip verifier, bank feed, TrueMoney, payout bank. */
  paymentFaults: '/dev/payment-faults',
} as const;

export const ZDevSmsQuery = z.strictObject({ phone: z.string().min(1).max(20) });
export const ZDevSms = z.object({
  phone: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export const ZDevSmsResponse = z.array(ZDevSms);
export type TDevSms = z.infer<typeof ZDevSms>;

/**
 * Site settings a test may flip: OTP on registration, the chat widget, the site closed, and the slip
 * upload's daily closed window (equal ends: never closed), so a suite passes at any hour.
 */
export const ZDevSettingsRequest = z.strictObject({
  registerOTP: z.boolean().optional(),
  enableChatWidget: z.boolean().optional(),
  active: z.boolean().optional(),
  slip: ZSlipSetting.optional(),
});
export type TDevSettingsRequest = z.infer<typeof ZDevSettingsRequest>;

/** POST /dev/refund/losses: the member (by username) who lost. */
export const ZDevRefundLossesRequest = z.strictObject({ username: z.string().trim().min(1).max(20) });

/** POST /dev/truemoney/voucher: a sandbox gift voucher of `amount` baht, answered as its gift link. */
export const ZDevTruemoneyVoucherRequest = z.strictObject({ amount: z.number().finite().positive().max(1e9) });
export const ZDevTruemoneyVoucherResponse = z.object({ link: z.string(), voucher: z.string(), amount: z.number() });
export type TDevTruemoneyVoucherResponse = z.infer<typeof ZDevTruemoneyVoucherResponse>;
/** POST /dev/truemoney/transfer: `amount` baht sent from `fromPhone` to the house AUTO wallet. */
export const ZDevTruemoneyTransferRequest = z.strictObject({
  fromPhone: z
    .string()
    .trim()
    .regex(/^\d{9,15}$/),
  amount: z.number().finite().positive().max(1e9),
});
export const ZDevTruemoneyTransferResponse = z.object({ ref: z.string() });

/** POST /dev/bank/transfer: a transfer from a member's bank app into a house account (sandbox bank). */
export const ZDevBankTransferRequest = z.strictObject({
  fromBankCode: z.string().trim().min(2).max(16),
  fromAccountNo: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/),
  toAccountNo: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/),
  /** Decimal, at most 2 places (whole kip in the Laos build). */
  amount: z.number().finite().positive().max(1e12),
});
export type TDevBankTransferRequest = z.infer<typeof ZDevBankTransferRequest>;
/** Response headers of POST /dev/bank/transfer: the slip's mini-QR identity. */
export const DEV_TRANS_REF_HEADER = 'x-trans-ref';
export const DEV_SENDING_BANK_HEADER = 'x-sending-bank';
