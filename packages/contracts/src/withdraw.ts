// Withdrawals (docs/product.md §3.4): to the member's registered bank account only.
import { z } from 'zod';
import { ZAmount } from './wallet.ts';

export const withdrawPaths = {
  withdraw: '/api/wallet/withdraw',
  /** The one the withdraw modal uses. */
  withdrawAll: '/api/wallet/withdrawAll',
  /** What the withdraw modal tells before sending (turnover left, paid at once or reviewed). */
  review: '/api/wallet/withdraw/review',
} as const;

/**
 * Why a withdrawal waits for an operator instead of being paid at once (docs/product.md §3.4):
 * - unplayed: deposited money not yet played through once (1× turnover);
 * - above-auto-max: the amount is above the currency's automatic limit;
 * - daily-amount / daily-count: the member's withdrawals over a rolling 24 h pass the limits;
 * - first-withdrawal: a member's first withdrawal above the set amount.
 */
export const WITHDRAW_REVIEW_REASONS = [
  'unplayed',
  'above-auto-max',
  'daily-amount',
  'daily-count',
  'first-withdrawal',
] as const;
export type WithdrawReviewReason = (typeof WITHDRAW_REVIEW_REASONS)[number];

/**
 * GET withdrawPaths.review: the member's state for the withdraw modal, in major units of the
 * member's currency. turnoverLeft: bets still to play before deposited money is paid out at once;
 * autoApproveUpTo: the largest amount paid at once right now (0 when every withdrawal waits).
 */
export const ZWithdrawReview = z.object({
  turnoverLeft: z.number(),
  autoApproveUpTo: z.number(),
  withdrawMin: z.number(),
  withdrawMax: z.number(),
});
export type TWithdrawReview = z.infer<typeof ZWithdrawReview>;

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
  /** Why it waits (or waited) for an operator; empty when it was paid at once. */
  reviewReasons: z.array(z.enum(WITHDRAW_REVIEW_REASONS)),
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
