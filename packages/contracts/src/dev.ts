// Dev-only endpoints (refused when NODE_ENV=production).
import { z } from 'zod';

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

/** Site settings a test may flip: OTP on registration, the chat widget, the site closed. */
export const ZDevSettingsRequest = z.strictObject({
  registerOTP: z.boolean().optional(),
  enableChatWidget: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type TDevSettingsRequest = z.infer<typeof ZDevSettingsRequest>;
