// Four-eyes money and payout-account changes (decision 062). A manual credit or debit up to the
// member's currency limit (OPS_MANUAL_ADJUST_LIMIT_<CURRENCY>) books at once; above it, and for every
// payout account change, a request waits for a second staff member, never the requester. A slip
// credit above the limit is requested and credited by the deposit module; it is listed here. Approving
// is exactly once: pending → approved is a conditional UPDATE in the transaction that books (or
// applies) it, so of two approvals at once the second finds it decided. Each step is audited in its
// transaction; the approvals queue hears of it after the commit.
import type { Currency } from '@krapao/contracts/constants';
import { toMinor } from '@krapao/contracts/money';
import type { ApprovalKind, TApproval } from '@krapao/contracts/ops/approvals';
import type { TAdjustRequest, TBankChangeRequest } from '@krapao/contracts/ops/members';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMemberRepository, uniqueConflict } from '../account/index.ts';
import { appendAudit } from '../audit/index.ts';
import { createSlipCreditApprovals } from '../deposit/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { createLookupRepository } from '../lookup/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import type { StaffSession } from '../staff/index.ts';
import { type ApprovalRow, createApprovalRepository } from './ops-approvals.repository.ts';
import { type ApprovalListRow, createOpsMemberQueries } from './ops-members.queries.ts';
import { type BankAccountChange, createOpsMemberRepository } from './ops-members.repository.ts';
import type { Call } from './ops-members.service.ts';
import { approvalAuditView, approvalView } from './ops-members.views.ts';

export const ADJUSTMENT_KINDS: readonly ApprovalKind[] = ['credit', 'debit'];
export const BANK_CHANGE_KINDS: readonly ApprovalKind[] = ['bank-change'];
/** Slips credited by hand above the limit: the deposit module credits them when approved. */
export const SLIP_CREDIT_KINDS: readonly ApprovalKind[] = ['slip-credit'];
/** The ledger transaction type of a manual credit or debit (statement type deposit or withdraw). */
export const ADJUSTMENT_TYPE = 'ADJUSTMENT';

export function createOpsApprovalsService(ctx: AppContext) {
  const { db, config } = ctx;
  const approvals = createApprovalRepository(db);
  const queries = createOpsMemberQueries(db);
  const memberRows = createOpsMemberRepository();
  const members = createMemberRepository(db);
  const lookup = createLookupRepository(db);
  const ledger = createLedger(ctx);
  const slipCredits = createSlipCreditApprovals(ctx);
  const viewOf = (a: ApprovalListRow) => approvalView(a, slipCredits.slipOf(a));

  /** The largest amount (minor units) that books without a second person. */
  function limitOf(currency: Currency): bigint {
    const major = currency === 'LAK' ? config.OPS_MANUAL_ADJUST_LIMIT_LAK : config.OPS_MANUAL_ADJUST_LIMIT_BAHT;
    return toMinor(major, currency);
  }

  function audit(tx: Tx, actor: StaffSession, action: string, row: ApprovalRow, call: Call, extra: object = {}) {
    return appendAudit(tx, {
      actor: 'staff',
      staffId: actor.staffId,
      action,
      objectType: 'approval',
      objectId: row.id,
      memberId: row.memberId,
      reason: call.reason,
      after: { ...approvalAuditView(row), ...extra },
      requestId: call.requestId,
      at: ctx.now(),
    });
  }

  /** Posts an approved credit or debit against MANUAL_ADJUSTMENTS; the member row is locked already. */
  async function book(tx: Tx, row: ApprovalRow): Promise<ApprovalRow> {
    const amount = row.amount!;
    const currency = row.currency!;
    const wallet = await ledger.memberAccount(row.memberId, 'WALLET', tx);
    if (!wallet) throw new AppError('NO_DATA');
    const house = await ledger.houseAccountId(HOUSE.MANUAL_ADJUSTMENTS, currency, row.memberId, tx);
    const isCredit = row.kind === 'credit';
    const t = await ledger.open(tx, {
      memberId: row.memberId,
      type: ADJUSTMENT_TYPE,
      status: 'SUCCESS',
      // The member's statement has no adjustment type: a credit reads as money in, a debit as money out.
      statementType: isCredit ? 'deposit' : 'withdraw',
      fromCode: isCredit ? HOUSE.MANUAL_ADJUSTMENTS : 'WALLET',
      toCode: isCredit ? 'WALLET' : HOUSE.MANUAL_ADJUSTMENTS,
      amount,
      currency,
      idempotencyKey: `approval:${row.id}`,
      metadata: { approvalId: row.id },
    });
    await ledger.post(tx, t.id, [
      { accountId: wallet.id, amount: isCredit ? amount : -amount },
      { accountId: house, amount: isCredit ? -amount : amount },
    ]);
    return approvals.markBooked(tx, row.id, t.id);
  }

  async function applyBankChange(tx: Tx, row: ApprovalRow, now: Date) {
    const change = row.payload as BankAccountChange;
    const before = await memberRows.bankAccount(tx, row.memberId);
    if (!before) throw new AppError('NO_BANK');
    try {
      await memberRows.setBankAccount(tx, row.memberId, change, now);
    } catch (err) {
      if (uniqueConflict(err) === 'bankAccount') throw new AppError('EXISTING_BANK');
      throw err;
    }
    const { bankCode, accountNo, accountName } = before;
    return { before: { bankCode, accountNo, accountName }, after: change };
  }

  async function view(id: number): Promise<TApproval> {
    return viewOf((await queries.approval(id))!);
  }

  function announce(id: number, change: 'added' | 'updated' | 'removed') {
    publishOpsQueue(ctx, { queue: 'approvals', id: String(id), change });
  }

  /** The request a decision may act on: NO_DATA, OPS_SELF_APPROVAL, OPS_ALREADY_DECIDED. */
  async function decidable(actor: StaffSession, id: number, kinds: readonly ApprovalKind[]) {
    const row = await approvals.byId(id);
    if (!row || !kinds.includes(row.kind as ApprovalKind)) throw new AppError('NO_DATA');
    if (row.requestedBy === actor.staffId) throw new AppError('OPS_SELF_APPROVAL');
    if (row.status !== 'pending') throw new AppError('OPS_ALREADY_DECIDED');
  }

  return {
    async list(filter: Parameters<typeof queries.approvals>[0], limit: number): Promise<TApproval[]> {
      return (await queries.approvals(filter, limit)).map(viewOf);
    },

    /** A manual credit or debit: booked at once up to the limit, otherwise waiting for a second person. */
    async adjust(actor: StaffSession, memberId: number, body: TAdjustRequest, call: Call): Promise<TApproval> {
      const member = await members.byId(memberId);
      if (!member) throw new AppError('NO_DATA');
      const currency = member.currency as Currency;
      let amount: bigint;
      try {
        amount = toMinor(body.amount, currency);
      } catch {
        throw new AppError('KEY_INVALID');
      }
      if (amount <= 0n) throw new AppError('KEY_INVALID');
      const atOnce = amount <= limitOf(currency);
      const id = await db.transaction(async (tx) => {
        if (!(await ledger.lockMember(tx, memberId))) throw new AppError('NO_DATA');
        const now = ctx.now();
        const row = await approvals.insert(tx, {
          kind: body.kind,
          memberId,
          amount,
          currency,
          reason: call.reason,
          status: atOnce ? 'approved' : 'pending',
          requestedBy: actor.staffId,
          decidedAt: atOnce ? now : null,
        });
        // Money first, the audit lock last: the same order as every other money path.
        const booked = atOnce ? await book(tx, row) : null;
        await audit(tx, actor, 'member.adjust.request', row, call);
        if (booked) await audit(tx, actor, 'member.adjust.book', booked, call, { transactionId: booked.transactionId });
        return row.id;
      });
      if (!atOnce) announce(id, 'added');
      return view(id);
    },

    /** Asks for a new payout account; a second person applies it by approving. */
    async requestBankChange(
      actor: StaffSession,
      memberId: number,
      body: TBankChangeRequest,
      call: Call,
    ): Promise<TApproval> {
      if (!(await members.byId(memberId))) throw new AppError('NO_DATA');
      if (!(await members.bankAccountOf(memberId))) throw new AppError('NO_BANK');
      if (!(await lookup.bank(body.bankCode))) throw new AppError('INVALID_BANK');
      if (await members.bankAccountTaken(body.bankCode, body.accountNo)) throw new AppError('EXISTING_BANK');
      const payload = { bankCode: body.bankCode, accountNo: body.accountNo, accountName: body.accountName };
      const id = await db.transaction(async (tx) => {
        const row = await approvals.insert(tx, {
          kind: 'bank-change',
          memberId,
          reason: call.reason,
          payload,
          status: 'pending',
          requestedBy: actor.staffId,
        });
        await audit(tx, actor, 'member.bank.request', row, call, { bankAccount: payload });
        return row.id;
      });
      announce(id, 'added');
      return view(id);
    },

    /** Approves a pending request of `kinds`, and books or applies it in the same transaction. */
    async approve(actor: StaffSession, id: number, kinds: readonly ApprovalKind[], call: Call): Promise<TApproval> {
      if (kinds === SLIP_CREDIT_KINDS) {
        await slipCredits.approve({ staffId: actor.staffId, ...call }, id);
        return view(id);
      }
      await decidable(actor, id, kinds);
      await db.transaction(async (tx) => {
        const now = ctx.now();
        const row = await approvals.decide(tx, id, kinds, 'approved', actor.staffId, now);
        if (!row) throw new AppError('OPS_ALREADY_DECIDED');
        if (!(await ledger.lockMember(tx, row.memberId))) throw new AppError('NO_DATA');
        if (row.kind === 'bank-change') {
          const change = await applyBankChange(tx, row, now);
          await audit(tx, actor, 'approval.approve', row, call);
          await audit(tx, actor, 'member.bank.change', row, call, { bankAccount: change });
        } else {
          const booked = await book(tx, row);
          await audit(tx, actor, 'approval.approve', row, call);
          await audit(tx, actor, 'member.adjust.book', booked, call, { transactionId: booked.transactionId });
        }
      });
      announce(id, 'removed');
      return view(id);
    },

    async reject(actor: StaffSession, id: number, kinds: readonly ApprovalKind[], call: Call): Promise<TApproval> {
      if (kinds === SLIP_CREDIT_KINDS) {
        await slipCredits.reject({ staffId: actor.staffId, ...call }, id);
        return view(id);
      }
      await decidable(actor, id, kinds);
      await db.transaction(async (tx) => {
        const row = await approvals.decide(tx, id, kinds, 'rejected', actor.staffId, ctx.now());
        if (!row) throw new AppError('OPS_ALREADY_DECIDED');
        await audit(tx, actor, 'approval.reject', row, call);
      });
      announce(id, 'removed');
      return view(id);
    },
  };
}
