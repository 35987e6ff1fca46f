// The slips queue of the operator console: slips that FAILED and no person has decided yet, and
// slips still PENDING (waiting on the bank) after SLIP_QUEUE_PENDING_MINUTES, oldest first. A staff
// member credits one by hand with the bank transfer's reference (once: the reference credits once
// by any path) or confirms its rejection; a second decision is OPS_ALREADY_DECIDED. Permission
// slips.review. Amounts in major units of `currency`.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ZMoneyInput } from '../money-input.ts';
import { ZOpsMemberContext } from './members.ts';
import { ZReason } from './staff.ts';

export const slipsPaths = {
  /** GET: the slips waiting for a person, oldest first. */
  list: '/api/ops/slips',
  /**
   * FAILED or PENDING → SUCCESS: the member's wallet credited once with the amount staff entered, when
   * the bank's statement shows that transfer for that amount (OPS_NOT_ON_STATEMENT otherwise); above
   * OPS_MANUAL_ADJUST_LIMIT_* it waits in the approvals queue for a second staff member.
   */
  credit: '/api/ops/slips/:slipId/credit',
  /** FAILED (or PENDING) → FAILED, decided: it leaves the queue. */
  reject: '/api/ops/slips/:slipId/reject',
  /** GET ?exp=&sig=: the slip image behind a signed link from the list (a staff session as well). */
  image: '/api/ops/slips/image/:reference',
} as const;

/** A PENDING slip joins the queue this long after its upload (the verifier and the bank had their go). */
export const SLIP_QUEUE_PENDING_MINUTES = 5;
/** How long an image link of the list opens the image. */
export const SLIP_IMAGE_LINK_MINUTES = 10;

/** The slip mini-QR's sending bank: a 3-digit bank id. */
export const SLIP_SENDING_BANK = /^\d{3}$/;
/** The slip mini-QR's transaction reference. */
export const SLIP_TRANS_REF = /^[A-Za-z0-9]{6,35}$/;
export const ZSlipSendingBank = z.string().trim().regex(SLIP_SENDING_BANK);
export const ZSlipTransRef = z.string().trim().regex(SLIP_TRANS_REF);

export const OPS_SLIP_STATUSES = ['PENDING', 'FAILED'] as const;

export const ZOpsSlip = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  /** The slip's public reference (its image link is bound to it). */
  reference: z.string(),
  status: z.enum(OPS_SLIP_STATUSES),
  /** The verifier's answer as a slip reason code (SLIP_REASONS) when FAILED; null while PENDING. */
  note: z.string().nullable(),
  /** What the verifier read; 0 when it read none. */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  /** How many times the verifier was asked again. */
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A short-lived signed link to the image under /api/ops; null when no image is stored. */
  imageUrl: z.string().nullable(),
  member: ZOpsMemberContext,
});
export type TOpsSlip = z.infer<typeof ZOpsSlip>;

export const ZOpsSlipsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type TOpsSlipsQuery = z.input<typeof ZOpsSlipsQuery>;
export const ZOpsSlipList = z.object({ items: z.array(ZOpsSlip) });
export type TOpsSlipList = z.infer<typeof ZOpsSlipList>;

export const ZOpsSlipParams = z.strictObject({ slipId: z.coerce.number().int().positive() });
export const ZOpsSlipImageParams = z.strictObject({ reference: z.string().trim().min(1).max(64) });
export const ZOpsSlipImageQuery = z.strictObject({
  exp: z.string().max(16).optional(),
  sig: z.string().max(128).optional(),
});

/** The largest amount one hand credit takes, in major units. */
export const SLIP_CREDIT_MAX = 10_000_000;

/**
 * A hand credit: the amount as staff typed it (the wire carries the text; the server converts it in
 * the slip's currency), and the bank transfer it is: the sending bank and reference of the slip's
 * mini-QR, together the deposit reference that credits once.
 */
export const ZOpsSlipCredit = z.strictObject({
  amount: ZMoneyInput({ max: SLIP_CREDIT_MAX }),
  sendingBank: ZSlipSendingBank,
  transRef: ZSlipTransRef,
  reason: ZReason,
});
export type TOpsSlipCredit = z.input<typeof ZOpsSlipCredit>;
export const ZOpsSlipReject = z.strictObject({ reason: ZReason });
export type TOpsSlipReject = z.infer<typeof ZOpsSlipReject>;

/**
 * What a decision answers: the slip's status after it, and the ledger transaction of a credit. A
 * hand credit above the currency's four-eyes limit credits nothing yet: it answers the slip as it
 * stands (out of the queue) and `approvalId`, the request a second staff member decides.
 */
export const ZOpsSlipDecided = z.object({
  id: z.number().int(),
  status: z.enum(['SUCCESS', 'FAILED', 'PENDING']),
  transactionId: z.number().int().nullable(),
  approvalId: z.number().int().nullable(),
});
export type TOpsSlipDecided = z.infer<typeof ZOpsSlipDecided>;
