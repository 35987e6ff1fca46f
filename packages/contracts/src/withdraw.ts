// Withdrawals (spec §3, §5, §7; DESIGN §6): to the member's registered bank account only.
import { z } from 'zod';
import { ZAmount } from './wallet.ts';

export const withdrawPaths = {
  withdraw: '/api/wallet/withdraw',
  /** The one the withdraw modal uses (spec §7). */
  withdrawAll: '/api/wallet/withdrawAll',
} as const;

export const ZWithdrawRequest = z.strictObject({ amount: ZAmount });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

/**
 * The amount is held at once. status PENDING: waiting for approval or the payout; SUCCESS: paid.
 * The statement shows the withdraw row in progress until it is paid (or FAILED, money back).
 */
export const ZWithdrawResponse = z.object({
  message: z.literal('SUCCESS'),
  status: z.enum(['PENDING', 'SUCCESS']),
  withdrawId: z.string(),
  amount: z.number(),
});
export type TWithdrawResponse = z.infer<typeof ZWithdrawResponse>;

/** A withdrawal's way: held → WAITING_APPROVAL or APPROVED → PAID, or REJECTED with the money back. */
export const WITHDRAWAL_STATUSES = ['WAITING_APPROVAL', 'APPROVED', 'PAID', 'REJECTED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Dev-only (devPaths.withdrawals, withdrawalApprove, withdrawalReject): an operator's view of one. */
export const ZDevWithdrawal = z.object({
  withdrawalId: z.string(),
  memberId: z.string(),
  amount: z.number(),
  currency: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  payoutRef: z.string().nullable(),
  note: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
});
export type TDevWithdrawal = z.infer<typeof ZDevWithdrawal>;
export const ZDevWithdrawalsQuery = z.strictObject({
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});
export const ZDevWithdrawalParams = z.strictObject({ withdrawalId: z.coerce.number().int().positive() });
