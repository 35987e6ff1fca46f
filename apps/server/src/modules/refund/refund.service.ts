// Cashback (docs/product.md §4.4): a share of the member's net game loss of the last
// closed period is received once into the REFUND account, then added to the wallet under the
// refund condition. Both are refused while a credit condition is active.
import type { TBanner } from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TRefundActionResponse, TRefundCheck, TRefundListResponse } from '@krapao/contracts/refund';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { minorOf, percentOf, wholePercent } from '../../lib/percent.ts';
import { siteTimeZone } from '../../lib/site-time.ts';
import { createMemberRepository } from '../account/index.ts';
import { createCreditConditions } from '../bonus/index.ts';
import {
  createLedger,
  ensureMemberAccount,
  HOUSE,
  lockedMemberAccount,
  memberAccountBalance,
  REFUND_ACCOUNT,
} from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { assertNotExcluded, isExcluded } from '../protection/index.ts';
import { createRefundRepository } from './refund.repository.ts';
import { lastClosedPeriod } from './refund-period.ts';
import { type RefundRules, refundRulesOf } from './refund-rules.ts';

export const REFUND_DESCRIPTION = 'Cashback';

export function createRefundService(ctx: AppContext) {
  const repo = createRefundRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const conditions = createCreditConditions(ctx);
  const ledger = createLedger(ctx);
  const timeZone = siteTimeZone(ctx.config.LAOS);

  async function memberCurrency(memberId: number): Promise<Currency> {
    const member = await members.byId(memberId);
    if (!member) throw new AppError('invalid-token');
    return member.currency as Currency;
  }

  /** The last closed period's cashback not yet received (0 when received, a win or nothing played). */
  async function pending(memberId: number, currency: Currency, rules: RefundRules, tx?: Tx) {
    const period = lastClosedPeriod(ctx.now(), timeZone, rules.period);
    if (await repo.refundOf(memberId, period.start, tx)) return { period, netLoss: 0n, amount: 0n };
    const netLoss = -(await repo.netGameResult(memberId, currency, period, tx));
    return { period, netLoss, amount: netLoss > 0n ? percentOf(netLoss, rules.percent) : 0n };
  }

  return {
    async check(memberId: number): Promise<TRefundCheck> {
      const rules = await refundRulesOf(settings);
      const currency = await memberCurrency(memberId);
      const [condition, received, due] = await Promise.all([
        conditions.active(memberId),
        memberAccountBalance(ctx.db, memberId, REFUND_ACCOUNT, currency),
        rules.isActive ? pending(memberId, currency, rules).then((p) => p.amount) : Promise.resolve(0n),
      ]);
      const receivable = due > 0n && due >= minorOf(rules.minimum, currency);
      return {
        result: receivable || received > 0n,
        bonus: condition !== null,
        info: rules.info,
        refundAmount: fromMinor(due + received, currency),
        refundSuccess: rules.success,
        refundFail: rules.fail,
        receivedAmount: fromMinor(received, currency),
      };
    },

    /** Books the last closed period's cashback CASHBACK_EXPENSE → REFUND, once per member and period. */
    async receive(memberId: number): Promise<TRefundActionResponse> {
      const rules = await refundRulesOf(settings);
      if (!rules.isActive) throw new AppError('REFUND_INACTIVE');
      const currency = await memberCurrency(memberId);
      return ctx.db.transaction(async (tx) => {
        // The member row first (the ledger's lock order), so a grant cannot slip in meanwhile.
        await ledger.lockMember(tx, memberId);
        await assertNotExcluded(tx, memberId, ctx.now());
        if (await conditions.active(memberId, tx)) throw new AppError('REFUND_CONDITION');
        const { period, netLoss, amount } = await pending(memberId, currency, rules, tx);
        if (amount <= 0n) throw new AppError('NO_REFUND');
        const minimum = minorOf(rules.minimum, currency);
        if (amount < minimum) throw new AppError('REFUND_MINIMUM', { minimum: fromMinor(minimum, currency) });
        const refund = await repo.insert(tx, {
          memberId,
          periodStart: period.start,
          periodEnd: period.end,
          netLoss,
          refundAmount: amount,
          currency,
          createdAt: ctx.now(),
        });
        if (!refund) throw new AppError('NO_REFUND');
        const account = await ensureMemberAccount(tx, memberId, REFUND_ACCOUNT, currency);
        const expense = await ledger.houseAccountId(HOUSE.CASHBACK_EXPENSE, currency, memberId, tx);
        const t = await ledger.open(tx, {
          memberId,
          type: 'REFUND',
          status: 'SUCCESS',
          statementType: null,
          fromCode: HOUSE.CASHBACK_EXPENSE,
          toCode: REFUND_ACCOUNT,
          amount,
          currency,
          idempotencyKey: `refund:${period.start.toISOString()}`,
          metadata: {
            refundId: refund.id,
            periodStart: period.start.toISOString(),
            periodEnd: period.end.toISOString(),
            netLoss: netLoss.toString(),
          },
        });
        await ledger.post(tx, t.id, [
          { accountId: expense, amount: -amount },
          { accountId: account.id, amount },
        ]);
        await repo.setTransaction(tx, refund.id, t.id);
        return { message: 'REFUND_SUCCESS', amount: fromMinor(amount, currency) };
      });
    },

    /**
     * Moves the whole REFUND balance to the wallet through the condition engine (kind 'refund', the
     * refund rules' success / fail). Works with the feature off: received money is the member's.
     */
    async addWallet(memberId: number): Promise<TRefundActionResponse> {
      const rules = await refundRulesOf(settings);
      const currency = await memberCurrency(memberId);
      return ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        await assertNotExcluded(tx, memberId, ctx.now());
        if (await conditions.active(memberId, tx)) throw new AppError('REFUND_CONDITION');
        const account = await lockedMemberAccount(tx, memberId, REFUND_ACCOUNT, currency);
        const amount = account?.balance ?? 0n;
        if (!account || amount <= 0n) throw new AppError('NO_REFUND');
        try {
          await conditions.grant(tx, {
            memberId,
            currency,
            kind: 'refund',
            // The statement's from column: the money comes out of the REFUND account.
            sourceCode: REFUND_ACCOUNT,
            amount,
            fromAccountId: account.id,
            description: REFUND_DESCRIPTION,
            successPercent: wholePercent(rules.success),
            percentFail: wholePercent(rules.fail),
          });
        } catch (err) {
          if (err instanceof AppError && err.code === 'BONUS_ALREADY_ACTIVE') throw new AppError('REFUND_CONDITION');
          throw err;
        }
        return { message: 'REFUND_SUCCESS', amount: fromMinor(amount, currency) };
      });
    },

    async list(memberId: number, page: number, limit: number): Promise<TRefundListResponse> {
      const { total, rows } = await repo.page(memberId, page, limit);
      return {
        total,
        refunds: rows.map((r) => ({
          refundAmount: fromMinor(r.refundAmount, r.currency as Currency),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** Promotional: none while the member is excluded. */
    async banners(memberId: number): Promise<TBanner[]> {
      if (await isExcluded(ctx.db, memberId, ctx.now())) return [];
      return (await settings.get('refundBanners')) ?? [];
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
