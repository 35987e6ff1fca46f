// A member's withdrawal (docs/product.md §3.4; decision 055): checked against the limits of the
// member's currency, then held in one database transaction that locks the member row first, refuses
// while a credit condition is active and decides there whether it is paid at once or waits for
// review (with its reasons). Approved, it is paid right away if the bank answers quickly; otherwise
// the worker pays it.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { TWithdrawResponse, TWithdrawReview } from '@krapao/contracts/withdraw';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createMemberRepository } from '../account/index.ts';
import { createCreditConditions } from '../bonus/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { createTurnover } from '../turnover/index.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawHotPath } from './withdraw.hot-path.ts';
import { createWithdrawRepository, type Withdrawal } from './withdraw.repository.ts';
import {
  autoApproveUpTo,
  minorOf,
  reviewReasons,
  type WithdrawCurrencyRules,
  type WithdrawHistory,
  withdrawRulesOf,
} from './withdraw-rules.ts';

export function createWithdrawService(ctx: AppContext) {
  const ledger = createLedger(ctx);
  const members = createMemberRepository(ctx.db);
  const repo = createWithdrawRepository(ctx.db);
  const hot = createWithdrawHotPath(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const conditions = createCreditConditions(ctx);
  const turnover = createTurnover(ctx);
  const settlement = createPayoutSettlement(ctx, ledger, repo);

  type Member = { id: number; currency: Currency };

  async function memberOf(memberId: number): Promise<Member> {
    const row = await members.byId(memberId);
    if (!row) throw new AppError('invalid-token');
    return { id: row.id, currency: row.currency as Currency };
  }

  /** The amount in minor units, within the limits of the member's currency. */
  function amountOf(amount: number, currency: Currency, rules: WithdrawCurrencyRules): bigint {
    let minor: bigint;
    try {
      minor = toMinor(amount, currency);
    } catch {
      throw new AppError('KEY_INVALID', { fields: ['amount'] });
    }
    if (minor <= 0n) throw new AppError('KEY_INVALID', { fields: ['amount'] });
    const { withdrawMin, withdrawMax } = rules;
    if (minor < minorOf(withdrawMin, currency)) throw new AppError('TRANSFER_MINIMUM', { minimum: withdrawMin });
    if (minor > minorOf(withdrawMax, currency)) throw new AppError('KEY_INVALID', { maximum: withdrawMax });
    return minor;
  }

  /**
   * Counts the member's bets reported up to now, so that a withdrawal is decided on them. A provider
   * that does not answer leaves its turnover as last counted: the withdrawal then waits while unplayed.
   */
  async function syncTurnover(memberId: number): Promise<void> {
    await turnover.syncMember(memberId);
  }

  async function historyOf(memberId: number, tx?: Tx): Promise<WithdrawHistory> {
    const h = await hot.history(memberId, tx);
    if (!h) throw new AppError('invalid-token');
    return h;
  }

  function answer(w: Withdrawal): TWithdrawResponse {
    if (w.status === 'REJECTED') throw new AppError('TRANSFER_FAIL');
    return {
      message: 'SUCCESS',
      status: w.status === 'PAID' ? 'SUCCESS' : 'PENDING',
      withdrawId: String(w.id),
      amount: fromMinor(w.amount, w.currency as Currency),
    };
  }

  /** A withdrawal already made under this key answers from the books instead of holding again. */
  async function replay(memberId: number, key: string): Promise<TWithdrawResponse> {
    const w = await hot.byKey(memberId, key);
    if (!w) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    return answer(w);
  }

  /**
   * The hold, in one transaction: the member row is locked first (the ledger's lock order,
   * `lockMembers`), so a bonus taken at the same moment either sees this withdrawal or makes it wait
   * and refuse. The ledger's guarded update refuses to overdraw. The unplayed part of the deposits
   * leaves first.
   */
  async function hold(
    member: Member,
    bank: { bankCode: string; accountNo: string; accountName: string },
    amount: bigint,
    rules: WithdrawCurrencyRules,
    key: string | null,
  ): Promise<Withdrawal> {
    const wallet = await ledger.memberAccount(member.id, 'WALLET');
    if (!wallet) throw new AppError('NO_WALLET');
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, member.currency, member.id);
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      if (!(await ledger.lockMember(tx, member.id))) throw new AppError('invalid-token');
      if (await conditions.active(member.id, tx)) throw new AppError('BONUS_REMAINING');
      const history = await historyOf(member.id, tx);
      const reasons = reviewReasons(amount, history, rules, member.currency);
      const isApproved = reasons.length === 0;
      const unplayedPart = amount < history.unplayed ? amount : history.unplayed;
      const t = await ledger.hold(
        {
          memberId: member.id,
          type: 'WITHDRAW',
          statementType: 'withdraw',
          fromCode: 'WALLET',
          toCode: bank.bankCode,
          amount,
          currency: member.currency,
          idempotencyKey: key,
        },
        wallet.id,
        payable,
        tx,
      );
      if (unplayedPart > 0n) await repo.addUnplayed(tx, member.id, -unplayedPart);
      const w = await repo.insert(tx, {
        memberId: member.id,
        transactionId: t.id,
        amount,
        currency: member.currency,
        bankCode: bank.bankCode,
        bankAccountNo: bank.accountNo,
        bankAccountName: bank.accountName,
        status: isApproved ? 'APPROVED' : 'WAITING_APPROVAL',
        unplayedPart,
        reviewReasons: reasons,
        // The request tries the payout itself first: the worker keeps off until then.
        leaseUntil: isApproved ? new Date(now.getTime() + ctx.config.PAYOUT_LEASE_MS) : null,
        attempts: isApproved ? 1 : 0,
        claimFence: isApproved ? 1 : 0,
      });
      await ledger.setStatus(tx, t.id, ['PENDING'], 'PENDING', { withdrawalId: w.id });
      return w;
    });
  }

  return {
    settlement,

    async withdraw(memberId: number, amountWire: number, key: string | null): Promise<TWithdrawResponse> {
      const member = await memberOf(memberId);
      const rules = await withdrawRulesOf(settings, member.currency);
      const amount = amountOf(amountWire, member.currency, rules);
      const bank = await members.bankAccountOf(memberId);
      if (!bank) throw new AppError('NO_BANK');
      await syncTurnover(memberId);
      let w: Withdrawal;
      try {
        w = await hold(member, bank, amount, rules, key);
      } catch (err) {
        if (key && isUniqueViolation(err)) return replay(memberId, key);
        throw err;
      }
      // Committed: the console's withdrawals queue shows it.
      if (w.status === 'WAITING_APPROVAL') {
        publishOpsQueue(ctx, { queue: 'withdrawals', id: String(w.id), change: 'added' });
      }
      if (w.status !== 'APPROVED') return answer(w);
      const settled = await settlement.attempt(w, ctx.config.PAYOUT_INLINE_TIMEOUT_MS);
      return answer({ ...w, status: settled.status });
    },

    /** What the withdraw modal tells before sending (GET withdrawPaths.review), in major units. */
    async review(memberId: number): Promise<TWithdrawReview> {
      const member = await memberOf(memberId);
      await syncTurnover(memberId);
      const [rules, history] = await Promise.all([withdrawRulesOf(settings, member.currency), historyOf(memberId)]);
      return {
        turnoverLeft: fromMinor(history.unplayed, member.currency),
        autoApproveUpTo: fromMinor(autoApproveUpTo(history, rules, member.currency), member.currency),
        withdrawMin: rules.withdrawMin,
        withdrawMax: rules.withdrawMax,
      };
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
