// The slip-credit rows of the four-eyes table (ops_approvals, decision 062): a hand credit above the
// limit waits there for a second staff member. Only rows of kind 'slip-credit' are touched here; a
// decision is one conditional UPDATE from `pending`, so of two at once the second finds it decided.
import type { Currency } from '@krapao/contracts/constants';
import { toMinor } from '@krapao/contracts/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { slips } from '../../../db/schema/deposits.ts';
import { opsApprovals } from '../../../db/schema/ops-approvals.ts';

export const SLIP_CREDIT_KIND = 'slip-credit';

/** The largest hand credit (minor units) that credits without a second person: the manual adjustments' limit. */
export function handCreditLimit(config: Config, currency: Currency): bigint {
  return toMinor(
    currency === 'LAK' ? config.OPS_MANUAL_ADJUST_LIMIT_LAK : config.OPS_MANUAL_ADJUST_LIMIT_BAHT,
    currency,
  );
}

/** What a slip-credit request names: the slip, the bank transfer and the amount (minor units). */
export type SlipCreditPayload = {
  slipId: number;
  /** The slip's public reference (its image link is bound to it). */
  slipReference: string;
  /** The sending bank id of the transfer (the slip mini-QR's). */
  bankCode: string;
  /** The transfer's transaction reference. */
  reference: string;
  amount: string;
};

export type SlipApprovalRow = typeof opsApprovals.$inferSelect;
const isSlipCredit = eq(opsApprovals.kind, SLIP_CREDIT_KIND);

export function createSlipApprovalRepository(db: Db) {
  return {
    async insert(
      tx: Tx,
      row: { memberId: number; amount: bigint; currency: string; reason: string; requestedBy: number },
      payload: SlipCreditPayload,
    ): Promise<SlipApprovalRow> {
      const [created] = await tx
        .insert(opsApprovals)
        .values({ ...row, kind: SLIP_CREDIT_KIND, payload, status: 'pending' })
        .returning();
      return created!;
    },

    async byId(id: number): Promise<SlipApprovalRow | null> {
      const [row] = await db
        .select()
        .from(opsApprovals)
        .where(and(eq(opsApprovals.id, id), isSlipCredit))
        .limit(1);
      return row ?? null;
    },

    /** pending → `to`; null when it was not pending any more. */
    async decide(tx: Tx, id: number, to: 'approved' | 'rejected', by: number, at: Date) {
      const [row] = await tx
        .update(opsApprovals)
        .set({ status: to, decidedBy: by, decidedAt: at })
        .where(and(eq(opsApprovals.id, id), isSlipCredit, eq(opsApprovals.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** An approved request whose credit was refused (the transfer credited meanwhile): rejected. */
    async failed(tx: Tx, id: number): Promise<SlipApprovalRow> {
      const [row] = await tx
        .update(opsApprovals)
        .set({ status: 'rejected' })
        .where(and(eq(opsApprovals.id, id), isSlipCredit, eq(opsApprovals.status, 'approved')))
        .returning();
      if (!row) throw new Error(`approval ${id} was not approved when it failed`);
      return row;
    },

    async booked(tx: Tx, id: number, transactionId: number): Promise<SlipApprovalRow> {
      const [row] = await tx
        .update(opsApprovals)
        .set({ status: 'booked', transactionId })
        .where(and(eq(opsApprovals.id, id), isSlipCredit, eq(opsApprovals.status, 'approved')))
        .returning();
      if (!row) throw new Error(`approval ${id} was not approved when booked`);
      return row;
    },

    /** Back in the slips queue: the request awaiting a second person was not approved. */
    async unreview(tx: Tx, slipId: number, requestedBy: number, at: Date) {
      await tx
        .update(slips)
        .set({ reviewedAt: null, reviewedBy: null, updatedAt: at })
        .where(
          and(eq(slips.id, slipId), eq(slips.reviewedBy, requestedBy), sql`${slips.status} in ('PENDING', 'FAILED')`),
        );
    },
  };
}
export type SlipApprovalRepository = ReturnType<typeof createSlipApprovalRepository>;
