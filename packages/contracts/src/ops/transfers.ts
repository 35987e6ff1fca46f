// The stuck-transfers queue of the operator console: wallet↔game transfers still PENDING or UNKNOWN
// longer than OPS_TRANSFER_STUCK_MINUTES, oldest first. Staff ask the provider what became of one,
// reconcile it now (the reconciler's own logic, under its lease), or settle it by hand with a reason.
// A transfer settles once: OPS_ALREADY_DECIDED once it is SUCCESS or FAILED, KEY_INVALID
// {reason: 'transfer-in-progress'} while the reconciler holds it, OPS_PROVIDER_DISAGREES when the
// provider's definite answer contradicts the outcome staff assert. Amounts in major units of `currency`.
import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { ZReason } from './staff.ts';

export const transfersPaths = {
  /** GET: stuck transfers, oldest first. Permission transfers.settle, like every call here. */
  list: '/api/ops/transfers',
  /** GET: asks the provider about the transfer id now; changes nothing, here or there. */
  providerAnswer: '/api/ops/transfers/:transferId/provider-answer',
  /** POST: settles it now from the provider's answer, as the reconciler would. */
  reconcile: '/api/ops/transfers/:transferId/reconcile',
  /** POST: settles it as staff assert, unless the provider's definite answer says otherwise. */
  settle: '/api/ops/transfers/:transferId/settle',
} as const;

/** Which way the money goes: TO_GAME (wallet → game, "in"), FROM_GAME (game → wallet, "out"). */
export const TRANSFER_DIRECTIONS = ['TO_GAME', 'FROM_GAME'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const UNSETTLED_TRANSFER_STATUSES = ['PENDING', 'UNKNOWN'] as const;
export const TRANSFER_STATUSES = [...UNSETTLED_TRANSFER_STATUSES, 'SUCCESS', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** What staff may assert: it went through at the provider (SUCCESS), or it did not (FAILED: money back). */
export const TRANSFER_OUTCOMES = ['SUCCESS', 'FAILED'] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];
/** The provider's books on our transfer id; NO_ANSWER when it gave none (timeout, error, refusal). */
export const PROVIDER_ANSWERS = ['APPLIED', 'NOT_FOUND', 'CANCELLED', 'NO_ANSWER'] as const;
export type ProviderAnswer = (typeof PROVIDER_ANSWERS)[number];

export const ZOpsTransfer = z.object({
  /** Our ledger transaction id. */
  id: z.number().int(),
  /** The id the provider knows it by (KP{id}). */
  providerTransferId: z.string(),
  memberId: z.number().int(),
  member: z.object({ username: z.string(), name: z.string() }),
  direction: z.enum(TRANSFER_DIRECTIONS),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  /** The adapter that serves the game ('demo' for the sandbox). */
  provider: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(UNSETTLED_TRANSFER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Reconciliation attempts that got no answer from the provider, and the last one's error. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The reconciler (or a staff member) is asking the provider right now. */
  isBusy: z.boolean(),
});
export type TOpsTransfer = z.infer<typeof ZOpsTransfer>;

export const ZOpsTransfersQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type TOpsTransfersQuery = z.input<typeof ZOpsTransfersQuery>;
export const ZOpsTransferList = z.object({
  items: z.array(ZOpsTransfer),
  /** How long a transfer waits before it is listed (OPS_TRANSFER_STUCK_MINUTES). */
  stuckAfterMinutes: z.number().int(),
});
export type TOpsTransferList = z.infer<typeof ZOpsTransferList>;

export const ZOpsTransferParams = z.strictObject({ transferId: z.coerce.number().int().positive() });

export const ZOpsTransferProviderAnswer = z.object({
  id: z.number().int(),
  providerTransferId: z.string(),
  answer: z.enum(PROVIDER_ANSWERS),
  /** Why there was no answer (the adapter's error), else null. */
  detail: z.string().nullable(),
  /**
   * What reconciling would settle it as: APPLIED → SUCCESS, CANCELLED → FAILED, NOT_FOUND → FAILED
   * once voided at the provider; null without an answer.
   */
  settlesAs: z.enum(TRANSFER_OUTCOMES).nullable(),
  /** Our side, for comparison: the provider's status call reports no amount. */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(TRANSFER_STATUSES),
  askedAt: z.string(),
});
export type TOpsTransferProviderAnswer = z.infer<typeof ZOpsTransferProviderAnswer>;

export const ZOpsTransferReconcile = z.strictObject({ reason: ZReason.optional() });
export type TOpsTransferReconcile = z.infer<typeof ZOpsTransferReconcile>;
export const ZOpsTransferSettle = z.strictObject({ outcome: z.enum(TRANSFER_OUTCOMES), reason: ZReason });
export type TOpsTransferSettle = z.infer<typeof ZOpsTransferSettle>;

/** What a reconcile or a settlement answers: the status afterwards (UNKNOWN: still no answer). */
export const ZOpsTransferDecided = z.object({
  id: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
});
export type TOpsTransferDecided = z.infer<typeof ZOpsTransferDecided>;
