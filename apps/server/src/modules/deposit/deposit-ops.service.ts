// The console's deposits queue: money no member was credited with, and a person's decision on it.
// A decision takes the review row's lock first, so two staff decide one line once; the credit goes
// through credit.ts under the line's own (source, reference), so a slip or a late notice that
// credited the same transfer meanwhile wins and nothing moves here (the row is then closed).
// Every decision is audited in its transaction and announced on the live queue after the commit.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type {
  DepositReviewKind,
  DepositReviewReason,
  DepositReviewStatus,
  TOpsDepositDecided,
  TOpsDepositLine,
  TOpsDepositMember,
  TOpsDepositReview,
} from '@krapao/contracts/ops/deposits';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberContextOf } from '../account/index.ts';
import { appendAudit, type ReasonedAct } from '../audit/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { type CreditIn, createDepositCredit, type DepositCredit } from './credit.ts';
import { createDepositReviewRepository, type DepositReview, type WaitingReview } from './deposit-review.repository.ts';
import { depositOf } from './truemoney/truemoney-credit.ts';

/** Who decides, why, and in which call: audited with the decision. */
export type DepositDecision = ReasonedAct;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What the sweep wrote of the line (bank-feed or TrueMoney detail), as the console shows it. */
function lineOf(detail: unknown): TOpsDepositLine {
  const d = (detail ?? {}) as Record<string, unknown>;
  return {
    fromBankCode: text(d.fromBankCode),
    from: text(d.fromAccountNo) ?? text(d.fromPhone) ?? text(d.redeemedBy),
    toAccountNo: text(d.toAccountNo),
    at: text(d.at),
  };
}

function view({ r, member }: WaitingReview): TOpsDepositReview {
  const currency = r.currency as Currency;
  return {
    id: r.id,
    kind: r.kind as DepositReviewKind,
    reference: r.ref,
    amount: fromMinor(r.amount, currency),
    currency,
    reason: r.reason as DepositReviewReason,
    status: r.status as DepositReviewStatus,
    line: lineOf(r.detail),
    memberId: r.memberId,
    member: member ? memberContextOf(member, currency) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

const decided = (r: DepositReview): TOpsDepositDecided => ({
  id: r.id,
  status: r.status as DepositReviewStatus,
  memberId: r.memberId,
});

/** The deposit a line becomes for `memberId`: the same reference the line's channel credits under. */
function creditOf(r: DepositReview, memberId: number): DepositCredit {
  const metadata = { reviewId: r.id };
  if (r.kind === 'TRUEMONEY') {
    const [prefix, ...rest] = r.ref.split(':');
    const d = depositOf(memberId, {
      kind: prefix === 'voucher' ? 'VOUCHER' : 'TRANSFER',
      ref: rest.join(':'),
      amount: r.amount,
    });
    if (d.reference !== r.ref) throw new Error(`deposit review ${r.id}: unknown TrueMoney reference ${r.ref}`);
    return { ...d, metadata: { ...d.metadata, ...metadata } };
  }
  const detail = (r.detail ?? {}) as Record<string, unknown>;
  return {
    memberId,
    amount: r.amount,
    currency: r.currency as Currency,
    source: 'BANK',
    reference: r.ref,
    fromCode: text(detail.fromBankCode) ?? 'BANK',
    // The house account the feed saw the transfer go to: it counts to that account's daily cap.
    toAccountNo: text(detail.toAccountNo),
    metadata,
  };
}

type Outcome = { review: DepositReview; changed: boolean; refused: AppError | null };

export function createDepositOpsService(ctx: AppContext) {
  const reviews = createDepositReviewRepository(ctx.db);
  const credits = createDepositCredit(ctx);

  /** A line credited meanwhile under its reference: closed as CREDITED to whoever got it. */
  async function closeCredited(tx: Tx, r: DepositReview, memberId: number | null): Promise<Outcome> {
    const review = await reviews.decide(tx, r.id, {
      status: 'CREDITED',
      memberId,
      at: ctx.now(),
      detail: { creditedElsewhere: true },
    });
    return { review, changed: true, refused: new AppError('OPS_REFERENCE_USED', { status: 'CREDITED' }) };
  }

  /** Locks the review, refuses one no longer waiting, then runs `work` in the same transaction. */
  async function decideOnce(
    id: number,
    work: (tx: Tx, credit: CreditIn, r: DepositReview) => Promise<Outcome>,
  ): Promise<TOpsDepositDecided> {
    const outcome = await credits.transaction(async (tx, credit): Promise<Outcome> => {
      const r = await reviews.lock(tx, id);
      if (!r) throw new AppError('NO_DATA');
      if (r.status !== 'WAITING') {
        return { review: r, changed: false, refused: new AppError('OPS_ALREADY_DECIDED', { status: r.status }) };
      }
      const creditedTo = await reviews.creditedTo(tx, r);
      if (creditedTo !== null) return closeCredited(tx, r, creditedTo);
      return work(tx, credit, r);
    });
    if (outcome.changed) publishOpsQueue(ctx, { queue: 'deposits', id: String(id), change: 'removed' });
    if (outcome.refused) throw outcome.refused;
    return decided(outcome.review);
  }

  function audit(tx: Tx, action: string, before: DepositReview, after: DepositReview, by: DepositDecision) {
    return appendAudit(tx, {
      actor: 'staff',
      staffId: by.staffId,
      action,
      objectType: 'deposit-review',
      objectId: after.id,
      memberId: after.memberId,
      reason: by.reason,
      before: { status: before.status, memberId: before.memberId },
      after: { status: after.status, memberId: after.memberId, kind: after.kind, ref: after.ref },
      requestId: by.requestId,
      at: ctx.now(),
    });
  }

  return {
    async list(limit: number): Promise<TOpsDepositReview[]> {
      return (await reviews.listWaiting(limit)).map(view);
    },

    async member(q: string): Promise<TOpsDepositMember> {
      const m = await reviews.memberOf(q);
      if (!m) throw new AppError('NO_DATA');
      const currency = m.currency as Currency;
      return { id: m.id, currency, context: memberContextOf(m.context, currency) };
    },

    /** WAITING → CREDITED: the member is credited once with the line's amount. */
    assign(id: number, memberId: number, by: DepositDecision): Promise<TOpsDepositDecided> {
      return decideOnce(id, async (tx, credit, r) => {
        const member = await reviews.memberById(tx, memberId);
        if (!member) throw new AppError('NO_DATA', { reason: 'member' });
        if (member.currency !== r.currency) throw new AppError('KEY_INVALID', { reason: 'currency' });
        const result = await credit(tx, creditOf(r, member.id));
        // Taken by a credit that committed while this one waited for the reference.
        if (!result.credited) return closeCredited(tx, r, result.byMemberId);
        const review = await reviews.decide(tx, r.id, {
          status: 'CREDITED',
          memberId: member.id,
          at: ctx.now(),
          detail: { transactionId: result.transactionId, ...(r.memberId !== null ? { heldFor: r.memberId } : {}) },
        });
        await audit(tx, 'deposit-review.assign', r, review, by);
        return { review, changed: true, refused: null };
      });
    },

    /** WAITING → REJECTED: not ours, no money moves, and no later slip, notice or feed row credits it. */
    reject(id: number, by: DepositDecision): Promise<TOpsDepositDecided> {
      return decideOnce(id, async (tx, _credit, r) => {
        // A credit that claimed the reference while this waited for it wins; the line closes as such.
        if (!(await reviews.refuse(tx, r, ctx.now()))) return closeCredited(tx, r, await reviews.creditedTo(tx, r));
        const review = await reviews.decide(tx, r.id, { status: 'REJECTED', memberId: r.memberId, at: ctx.now() });
        await audit(tx, 'deposit-review.reject', r, review, by);
        return { review, changed: true, refused: null };
      });
    },
  };
}
export type DepositOpsService = ReturnType<typeof createDepositOpsService>;
