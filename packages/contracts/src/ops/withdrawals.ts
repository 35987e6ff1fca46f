// The withdrawals queue of the operator console (decision 063): withdrawals waiting for a person,
// oldest first, each with what the reviewer needs to know of its member. A decision is made once
// (OPS_ALREADY_DECIDED for the second staff member); approving many at once needs the staff
// member's current TOTP code again (OPS_TOTP_INVALID). Amounts in major units of `currency`.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { WITHDRAW_REVIEW_REASONS, WITHDRAWAL_STATUSES } from '../withdraw.ts';
import { ZOpsMemberContext } from './members.ts';
import { ZReason } from './staff.ts';

export const withdrawalsPaths = {
  /** GET ?status= (WAITING_APPROVAL unless told): oldest first. Permission withdrawals.review. */
  list: '/api/ops/withdrawals',
  /** WAITING_APPROVAL → APPROVED; the payout worker pays it. */
  approve: '/api/ops/withdrawals/:withdrawalId/approve',
  /** WAITING_APPROVAL or APPROVED (voided at the bank first) → REJECTED, the money back to the wallet. */
  reject: '/api/ops/withdrawals/:withdrawalId/reject',
  /** APPROVED that the bank paid outside the payout worker → PAID with the bank's reference. */
  markPaid: '/api/ops/withdrawals/:withdrawalId/mark-paid',
  /** Many WAITING_APPROVAL → APPROVED, each decided on its own. Permission withdrawals.bulk. */
  bulkApprove: '/api/ops/withdrawals/bulk-approve',
} as const;

/** The most ids one bulk approval takes. */
export const BULK_APPROVE_MAX = 50;

export const ZOpsWithdrawal = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Why it waits for a person (written when it was held). */
  reviewReasons: z.array(z.enum(WITHDRAW_REVIEW_REASONS)),
  /** The account the payout goes to, as copied when it was held. */
  bankAccount: z.object({ bankCode: z.string(), accountNo: z.string(), accountName: z.string() }),
  payoutRef: z.string().nullable(),
  /** The last payout failure, or the reason of a rejection. */
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  member: ZOpsMemberContext,
});
export type TOpsWithdrawal = z.infer<typeof ZOpsWithdrawal>;

export const ZOpsWithdrawalsQuery = z.strictObject({
  status: z.enum(WITHDRAWAL_STATUSES).default('WAITING_APPROVAL'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type TOpsWithdrawalsQuery = z.input<typeof ZOpsWithdrawalsQuery>;
export const ZOpsWithdrawalList = z.object({ items: z.array(ZOpsWithdrawal) });
export type TOpsWithdrawalList = z.infer<typeof ZOpsWithdrawalList>;

export const ZOpsWithdrawalParams = z.strictObject({ withdrawalId: z.coerce.number().int().positive() });

export const ZOpsWithdrawalApprove = z.strictObject({ reason: ZReason.optional() });
export type TOpsWithdrawalApprove = z.infer<typeof ZOpsWithdrawalApprove>;
export const ZOpsWithdrawalReject = z.strictObject({ reason: ZReason });
export type TOpsWithdrawalReject = z.infer<typeof ZOpsWithdrawalReject>;
export const ZBankReference = z.string().trim().min(3).max(100);
export const ZOpsWithdrawalMarkPaid = z.strictObject({ reason: ZReason, bankRef: ZBankReference });
export type TOpsWithdrawalMarkPaid = z.infer<typeof ZOpsWithdrawalMarkPaid>;

/** What a decision answers: the withdrawal's status after it. */
export const ZOpsWithdrawalDecided = z.object({
  id: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  payoutRef: z.string().nullable(),
});
export type TOpsWithdrawalDecided = z.infer<typeof ZOpsWithdrawalDecided>;

export const ZOpsBulkApprove = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(BULK_APPROVE_MAX),
  /** The staff member's current authenticator code, entered again. */
  code: z.string().regex(/^\d{6}$/),
  reason: ZReason.optional(),
});
export type TOpsBulkApprove = z.infer<typeof ZOpsBulkApprove>;
/** One answer per id: approved, or the error code that refused it (OPS_ALREADY_DECIDED, NO_DATA, ...). */
export const ZOpsBulkApproveResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(WITHDRAWAL_STATUSES).nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type TOpsBulkApproveResult = z.infer<typeof ZOpsBulkApproveResult>;
