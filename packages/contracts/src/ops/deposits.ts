// The deposits queue of the operator console: money that reached the house (a bank-feed line, a
// TrueMoney transfer or voucher) that no member was credited with, oldest first. A person assigns it
// to a member (credited once under the line's own reference: OPS_ALREADY_DECIDED for the second
// staff member, OPS_REFERENCE_USED when a slip or a notice credited the transfer meanwhile) or marks
// it as not ours. Amounts in major units of `currency`.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ZOpsMemberContext } from './members.ts';
import { ZReason } from './staff.ts';

export const depositsPaths = {
  /** GET: waiting lines, oldest first. Permission deposits.assign, like every call here. */
  list: '/api/ops/deposits',
  /** GET ?q=: the one member a username (phone) or member id names, to confirm before assigning. */
  member: '/api/ops/deposits/member',
  /** WAITING → CREDITED: the member is credited with the line. */
  assign: '/api/ops/deposits/:reviewId/assign',
  /** WAITING → REJECTED: not ours, no money moves. */
  reject: '/api/ops/deposits/:reviewId/reject',
} as const;

/** The deposit_references source the line would credit under. */
export const DEPOSIT_REVIEW_KINDS = ['BANK', 'TRUEMONEY'] as const;
export type DepositReviewKind = (typeof DEPOSIT_REVIEW_KINDS)[number];

/**
 * Why the line waits: no member matched its sender; the matched member has another currency; the
 * sender's phone belongs to a member who never proved it.
 */
export const DEPOSIT_REVIEW_REASONS = ['unmatched', 'currency-mismatch', 'unproven-phone'] as const;
export type DepositReviewReason = (typeof DEPOSIT_REVIEW_REASONS)[number];

export const DEPOSIT_REVIEW_STATUSES = ['WAITING', 'CREDITED', 'REJECTED'] as const;
export type DepositReviewStatus = (typeof DEPOSIT_REVIEW_STATUSES)[number];

/** What the sweep saw of the line. */
export const ZOpsDepositLine = z.object({
  /** The sender's bank (bank-feed lines). */
  fromBankCode: z.string().nullable(),
  /** The sender's account number, phone, or who redeemed a voucher. */
  from: z.string().nullable(),
  /** The house account it reached (bank-feed lines). */
  toAccountNo: z.string().nullable(),
  /** When the money moved. */
  at: z.string().nullable(),
});
export type TOpsDepositLine = z.infer<typeof ZOpsDepositLine>;

export const ZOpsDepositReview = z.object({
  id: z.number().int(),
  kind: z.enum(DEPOSIT_REVIEW_KINDS),
  /** The outside reference: bank sender id and transaction reference, or the TrueMoney item. */
  reference: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  reason: z.enum(DEPOSIT_REVIEW_REASONS),
  status: z.enum(DEPOSIT_REVIEW_STATUSES),
  line: ZOpsDepositLine,
  /** The member the line points at (an unproven phone's owner), else null. */
  memberId: z.number().int().nullable(),
  member: ZOpsMemberContext.nullable(),
  createdAt: z.string(),
});
export type TOpsDepositReview = z.infer<typeof ZOpsDepositReview>;

export const ZOpsDepositsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const ZOpsDepositList = z.object({ items: z.array(ZOpsDepositReview) });
export type TOpsDepositList = z.infer<typeof ZOpsDepositList>;

export const ZOpsDepositMemberQuery = z.strictObject({ q: z.string().trim().min(1).max(100) });
export const ZOpsDepositMember = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  context: ZOpsMemberContext,
});
export type TOpsDepositMember = z.infer<typeof ZOpsDepositMember>;

export const ZOpsDepositParams = z.strictObject({ reviewId: z.coerce.number().int().positive() });
export const ZOpsDepositAssign = z.strictObject({ memberId: z.number().int().positive(), reason: ZReason });
export type TOpsDepositAssign = z.infer<typeof ZOpsDepositAssign>;
export const ZOpsDepositReject = z.strictObject({ reason: ZReason });
export type TOpsDepositReject = z.infer<typeof ZOpsDepositReject>;

/** What a decision answers: the line's status after it, and who was credited. */
export const ZOpsDepositDecided = z.object({
  id: z.number().int(),
  status: z.enum(DEPOSIT_REVIEW_STATUSES),
  memberId: z.number().int().nullable(),
});
export type TOpsDepositDecided = z.infer<typeof ZOpsDepositDecided>;
