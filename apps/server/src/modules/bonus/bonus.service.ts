// Deposit bonuses (docs/product.md §2.8, §4.1): the list with the member's received
// state, taking a bonus on a qualifying deposit, the active-condition check and the member's cancel.
import type { TActiveBonusCheck, TBonus, TUserBonusRecord } from '@krapao/contracts/bonus';
import { isBonusReceived } from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteTimeZone } from '../../lib/site-time.ts';
import { createMemberRepository } from '../account/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { assertNotExcluded, isExcluded } from '../protection/index.ts';
import { createWalletService } from '../wallet/index.ts';
import { createBonusHotPath } from './bonus.hot-path.ts';
import { type Bonus, createBonusRepository } from './bonus.repository.ts';
import { toBonus, toProgress, toUserBonusRecord } from './bonus-views.ts';
import { createCreditConditions } from './credit-condition.ts';

export function createBonusService(ctx: AppContext) {
  const repo = createBonusRepository(ctx.db);
  const hot = createBonusHotPath(ctx.db);
  const members = createMemberRepository(ctx.db);
  const conditions = createCreditConditions(ctx);
  const ledger = createLedger(ctx);
  const timeZone = siteTimeZone(ctx.config.LAOS);

  async function memberOf(memberId: number) {
    const m = await members.byId(memberId);
    if (!m) throw new AppError('invalid-token');
    return { id: m.id, currency: m.currency as Currency };
  }

  /** The bonus amount for a deposit: percent of it, capped (minor units, rounded down). */
  function bonusFor(b: Bonus, deposit: bigint): bigint {
    const amount = (deposit * BigInt(b.percent)) / 100n;
    return amount > b.maxBonus ? b.maxBonus : amount;
  }

  /** Inside one transaction with the member row locked: every rule, then the grant. */
  async function take(member: { id: number; currency: Currency }, b: Bonus): Promise<TUserBonusRecord> {
    const bonusExpense = await ledger.houseAccountId(HOUSE.BONUS_EXPENSE, member.currency, member.id);
    const condition = await ctx.db.transaction(async (tx) => {
      await ledger.lockMember(tx, member.id);
      await assertNotExcluded(tx, member.id, ctx.now());
      if (await conditions.active(member.id, tx)) throw new AppError('BONUS_ALREADY_ACTIVE');
      const receipts = (await repo.bonusReceipts(member.id, tx)).get(b.code) ?? [];
      if (
        isBonusReceived({ type: b.type as TBonus['type'], maxReceived: b.maxReceived }, receipts, ctx.now(), timeZone)
      )
        throw new AppError('BONUS_MAX_CLAIMED');
      const deposit = await hot.qualifyingDeposit(member.id, b.minDeposit, tx);
      if (!deposit) throw new AppError('BONUS_CONDITION');
      const amount = bonusFor(b, deposit.amount);
      if (amount <= 0n) throw new AppError('BONUS_CONDITION');
      return conditions.grant(tx, {
        memberId: member.id,
        currency: member.currency,
        kind: 'bonus',
        sourceCode: b.code,
        amount,
        fromAccountId: bonusExpense,
        description: b.name,
        minStartCredit: deposit.amount + amount,
        targetMultiple: b.turnover,
        percentFail: b.percentFail,
        qualifyingDepositId: deposit.id,
        idempotencyKey: `deposit:${deposit.id}`,
      });
    });
    return toUserBonusRecord(condition);
  }

  return {
    /** The deposit bonuses on offer: promotional, so none while the member is excluded. */
    async list(memberId: number): Promise<TBonus[]> {
      const member = await memberOf(memberId);
      if (await isExcluded(ctx.db, member.id, ctx.now())) return [];
      const [list, receipts, active] = await Promise.all([
        repo.activeBonuses(member.currency),
        repo.bonusReceipts(member.id),
        conditions.active(member.id),
      ]);
      const now = ctx.now();
      return list.map((b) =>
        toBonus(b, { id: member.id, active, receipts: receipts.get(b.code) ?? [] }, now, timeZone),
      );
    },

    async activate(memberId: number, rawCode: string): Promise<TUserBonusRecord> {
      const member = await memberOf(memberId);
      const b = await repo.bonus(rawCode.trim().toUpperCase());
      if (!b?.isActive || b.currency !== member.currency) throw new AppError('NO_PROMOTION');
      if (await conditions.active(member.id)) throw new AppError('BONUS_ALREADY_ACTIVE');
      // The starting credit counts the games too: read them from the providers first.
      await createWalletService(ctx, conditions).refreshSlots(member.id);
      try {
        return await take(member, b);
      } catch (err) {
        // A racing request used the same deposit: to the member that is a bonus already running.
        if (err instanceof AppError && err.code === 'BONUS_CONDITION' && (await conditions.active(member.id)))
          throw new AppError('BONUS_ALREADY_ACTIVE');
        throw err;
      }
    },

    /** Evaluates first, so a condition that is already decided is reported ended. */
    async checkActive(memberId: number): Promise<TActiveBonusCheck> {
      await conditions.evaluate(memberId);
      const c = await conditions.active(memberId);
      if (!c) return { status: false, type: null, progress: null };
      const [b, balance] = await Promise.all([
        c.kind === 'bonus' ? repo.bonus(c.sourceCode) : null,
        conditions.totalBalance(memberId),
      ]);
      return { status: true, type: b ? b.type : c.kind, progress: toProgress(c, balance) };
    },

    async clear(memberId: number): Promise<{ message: 'BONUS_CLEAR'; takenBack: number }> {
      const ended = await conditions.cancel(memberId);
      if (!ended) throw new AppError('NO_DATA');
      return { message: 'BONUS_CLEAR', takenBack: fromMinor(ended.takenBack, ended.condition.currency as Currency) };
    },

    /** The smallest minimum deposit of the bonuses, and whether the member could take a bonus now. */
    async checkMinimum(memberId: number): Promise<{ minimum: number; eligible: boolean }> {
      const member = await memberOf(memberId);
      const list = await repo.activeBonuses(member.currency);
      if (list.length === 0) return { minimum: 0, eligible: false };
      let min = list[0]!.minDeposit;
      for (const b of list) if (b.minDeposit < min) min = b.minDeposit;
      const eligible = !(await conditions.active(member.id)) && (await hot.qualifyingDeposit(member.id, min)) !== null;
      return { minimum: fromMinor(min, member.currency), eligible };
    },
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
