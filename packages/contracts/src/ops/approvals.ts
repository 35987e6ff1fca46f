// Four-eyes requests (decision 062): a manual credit or debit above the limit, a slip credited by
// hand above the same limit, and every payout bank account change, wait here until a second staff
// member approves or rejects them. Nobody decides their own request (OPS_SELF_APPROVAL); a request
// is decided once (OPS_ALREADY_DECIDED).
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ZReason } from './staff.ts';

export const approvalsPaths = {
  /** GET ?status=&memberId=: newest first. */
  list: '/api/ops/approvals',
  /** Manual credits and debits (money.adjust.approve): approving books it, exactly once. */
  adjustmentApprove: '/api/ops/approvals/adjustments/:approvalId/approve',
  adjustmentReject: '/api/ops/approvals/adjustments/:approvalId/reject',
  /** Payout bank account changes (members.bank.approve): approving applies it. */
  bankChangeApprove: '/api/ops/approvals/bank-changes/:approvalId/approve',
  bankChangeReject: '/api/ops/approvals/bank-changes/:approvalId/reject',
  /** Slip credits by hand above the limit (money.adjust.approve): approving credits the transfer, once. */
  slipCreditApprove: '/api/ops/approvals/slip-credits/:approvalId/approve',
  slipCreditReject: '/api/ops/approvals/slip-credits/:approvalId/reject',
} as const;

export const APPROVAL_KINDS = ['credit', 'debit', 'bank-change', 'slip-credit'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** pending → approved (a bank change ends here) → booked (a credit or debit), or pending → rejected. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'booked'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ZApprovalBankAccount = z.object({
  bankCode: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
});

/** The slip and bank transfer a slip credit names. */
export const ZApprovalSlip = z.object({
  slipId: z.number().int(),
  /** The slip's public reference. */
  reference: z.string(),
  /** The transfer: the slip mini-QR's sending bank id and transaction reference. */
  sendingBank: z.string(),
  transRef: z.string(),
  /** A short-lived signed link to the slip image (opened with slips.review); null without one. */
  imageUrl: z.string().nullable(),
});
export type TApprovalSlip = z.infer<typeof ZApprovalSlip>;

export const ZApproval = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  memberId: z.number().int(),
  memberUsername: z.string(),
  /** Major units of `currency`; null for a bank change. */
  amount: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  reason: z.string(),
  /** The new account of a bank change. */
  bankAccount: ZApprovalBankAccount.nullable(),
  /** The slip and transfer of a slip credit. */
  slip: ZApprovalSlip.nullable(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: z.number().int(),
  requestedByName: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TApproval = z.infer<typeof ZApproval>;

export const ZApprovalsQuery = z.strictObject({
  status: z.enum(APPROVAL_STATUSES).default('pending'),
  memberId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TApprovalsQuery = z.input<typeof ZApprovalsQuery>;
export const ZApprovalList = z.object({ items: z.array(ZApproval) });
export type TApprovalList = z.infer<typeof ZApprovalList>;

export const ZApprovalParams = z.strictObject({ approvalId: z.coerce.number().int().positive() });
export const ZApprovalDecision = z.strictObject({ reason: ZReason });
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;

/** What a manual credit or debit, or a bank change request, answers: the request as it stands. */
export const ZApprovalResult = z.object({ approval: ZApproval });
export type TApprovalResult = z.infer<typeof ZApprovalResult>;
