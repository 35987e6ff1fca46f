// The credit-condition engine (docs/product.md §4.2): a credit from a bonus, a promotion code, an invite or a
// refund claim, or a spin coupon puts the member under a condition on the total balance (wallet plus
// games). It ends in SUCCESS at the target, FAILED below failBelow, or CANCELLED by the member (the
// unused credit goes back where it came from). One ACTIVE per member: the partial unique index
// `credit_conditions_one_active_key` decides races; every change takes the ledger's lock order
// (`lockMembers` in ledger.service.ts).
import type { ConditionKind } from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLedger } from '../ledger/index.ts';
import { createBonusHotPath } from './bonus.hot-path.ts';
import { type CreditCondition, createConditionRepository } from './credit-condition.repository.ts';
import { createCreditReturn } from './credit-return.ts';

export type { CreditCondition } from './credit-condition.repository.ts';
export type EndStatus = 'SUCCESS' | 'FAILED' | 'CANCELLED';

export type GrantInput = {
  memberId: number;
  currency: string;
  kind: ConditionKind;
  /** The bonus or promotion code, or the statement's from column (INVITE, REFUND, LUCKYDRAW). */
  sourceCode: string;
  /** Minor units; more than zero. */
  amount: bigint;
  /** The house or member account paying it (HOUSE.BONUS_EXPENSE, the member's INVITE / REFUND…). */
  fromAccountId: number;
  /** The statement's linked description. */
  description: string;
  /** Exact starting credit; default: the member's total balance right after the credit. */
  startCredit?: bigint;
  /** The starting credit is at least this (a bonus: deposit + bonus), else the total balance after the credit. */
  minStartCredit?: bigint;
  /** target = startCredit × targetMultiple (a bonus's or promotion's turnover)… */
  targetMultiple?: number;
  /** …or startCredit × (100 + successPercent) / 100 (the invite condition). */
  successPercent?: number;
  percentFail: number;
  qualifyingDepositId?: number;
  /** Per member and kind of grant: the same key never credits twice (ledger idempotency index). */
  idempotencyKey?: string;
  /** More for the grant's metadata (which coupon, …); the link and conditionId are always there. */
  metadata?: Record<string, unknown>;
};

export type Ending = { condition: CreditCondition; status: EndStatus; takenBack: bigint };

function violated(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

/** The statement's link of a condition's rows: a coupon shows as the lucky draw. */
function linkKindOf(kind: string): string {
  return kind === 'coupon' ? 'luckydraw' : kind;
}

function targetOf(start: bigint, input: Pick<GrantInput, 'targetMultiple' | 'successPercent'>): bigint {
  if (input.successPercent !== undefined) return (start * BigInt(100 + input.successPercent)) / 100n;
  return start * BigInt(input.targetMultiple ?? 1);
}

export function createCreditConditions(ctx: AppContext) {
  const ledger = createLedger(ctx);
  const repo = createConditionRepository(ctx.db);
  const hot = createBonusHotPath(ctx.db);
  const creditReturn = createCreditReturn(ctx, hot);

  /** Ends a locked ACTIVE condition: the finish_bonus row (with the take-back, if any) and the status. */
  async function end(tx: Tx, c: CreditCondition, status: EndStatus, takeBack: bigint): Promise<Ending> {
    const description = await repo.description(tx, c.grantTransactionId);
    const source = takeBack > 0n && c.grantTransactionId ? await repo.grantSource(tx, c.grantTransactionId) : null;
    const t = await ledger.open(tx, {
      memberId: c.memberId,
      type: 'FINISH_BONUS',
      // The statement shows how it ended: FAILED for a failed condition, SUCCESS otherwise.
      status: status === 'FAILED' ? 'FAILED' : 'SUCCESS',
      statementType: 'finish_bonus',
      fromCode: source ? 'WALLET' : c.sourceCode,
      toCode: source ? c.sourceCode : 'WALLET',
      amount: source ? takeBack : 0n,
      currency: c.currency,
      // One end per condition, whatever races: the ledger's idempotency index refuses a second.
      idempotencyKey: `condition:${c.id}`,
      description,
      metadata: { link: { kind: linkKindOf(c.kind), description }, conditionId: c.id, finish: status },
    });
    let takenBack = 0n;
    if (source) {
      const wallet = await repo.lockWallet(tx, c.memberId);
      if (wallet) {
        await ledger.post(tx, t.id, [
          { accountId: wallet.id, amount: -takeBack },
          { accountId: source, amount: takeBack },
        ]);
        takenBack = takeBack;
      }
    }
    const condition = await repo.update(tx, c.id, {
      status,
      endedAt: ctx.now(),
      finishTransactionId: t.id,
    });
    return { condition, status, takenBack };
  }

  /** The outcome the total balance decides now, or null while it is still open. */
  function outcome(c: CreditCondition, total: bigint): 'SUCCESS' | 'FAILED' | null {
    if (total >= c.target) return 'SUCCESS';
    if (total < c.failBelow) return 'FAILED';
    return null;
  }

  return {
    active(memberId: number, tx?: Tx): Promise<CreditCondition | null> {
      return repo.active(memberId, tx);
    },

    /** The member's total balance (wallet plus games plus money in transit between them). */
    totalBalance(memberId: number, tx?: Tx): Promise<bigint> {
      return hot.totalBalance(tx ?? ctx.db, memberId);
    },

    /** Inside the caller's transaction: credits the member and starts the condition. */
    async grant(tx: Tx, input: GrantInput): Promise<CreditCondition> {
      if (input.amount <= 0n) throw new Error('a credit condition needs a credit above zero');
      if (!(await ledger.lockMember(tx, input.memberId))) throw new AppError('invalid-token');
      if (await repo.active(input.memberId, tx)) throw new AppError('BONUS_ALREADY_ACTIVE');
      let condition: CreditCondition;
      try {
        // The condition row first: a racing grant waits on the unique index before touching money.
        condition = await repo.insert(tx, {
          memberId: input.memberId,
          kind: input.kind,
          sourceCode: input.sourceCode,
          status: 'ACTIVE',
          currency: input.currency,
          bonusAmount: input.amount,
          startCredit: 0n,
          target: 0n,
          failBelow: 0n,
          percentFail: input.percentFail,
          qualifyingDepositId: input.qualifyingDepositId ?? null,
          createdAt: ctx.now(),
        });
      } catch (err) {
        const constraint = violated(err);
        if (constraint === null) throw err;
        throw new AppError(constraint.includes('qualifying_deposit') ? 'BONUS_CONDITION' : 'BONUS_ALREADY_ACTIVE');
      }
      const wallet = await ledger.memberAccount(input.memberId, 'WALLET', tx);
      if (!wallet) throw new AppError('NO_WALLET');
      const link = { kind: linkKindOf(input.kind), description: input.description };
      const t = await ledger.open(tx, {
        memberId: input.memberId,
        type: 'BONUS',
        status: 'SUCCESS',
        statementType: 'bonus',
        fromCode: input.sourceCode,
        toCode: 'WALLET',
        amount: input.amount,
        currency: input.currency,
        idempotencyKey: input.idempotencyKey ?? `condition:${condition.id}`,
        description: input.description,
        metadata: { ...input.metadata, link, conditionId: condition.id },
      });
      await ledger.post(tx, t.id, [
        { accountId: input.fromAccountId, amount: -input.amount },
        { accountId: wallet.id, amount: input.amount },
      ]);
      const total = await hot.totalBalance(tx, input.memberId);
      let start = input.startCredit ?? total;
      if (input.startCredit === undefined && input.minStartCredit !== undefined && input.minStartCredit > start)
        start = input.minStartCredit;
      return repo.update(tx, condition.id, {
        startCredit: start,
        target: targetOf(start, input),
        failBelow: (start * BigInt(input.percentFail)) / 100n,
        grantTransactionId: t.id,
      });
    },

    /** Ends the active condition when the total balance decides it; idempotent and safe in parallel. */
    async evaluate(memberId: number): Promise<Ending | null> {
      if (!(await repo.active(memberId))) return null;
      return ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        const c = await repo.lockActive(tx, memberId);
        if (!c) return null;
        const status = outcome(c, await hot.totalBalance(tx, memberId));
        return status ? end(tx, c, status, 0n) : null;
      });
    },

    /**
     * The member ends the condition: CANCELLED, taking back what is owed, min(bonus, total balance),
     * to the account that paid it. When the wallet holds less, every game balance comes back first;
     * if the wallet still holds less (a transfer in transit, a provider down) the cancel is refused
     * with MONEY_NOT_ENOUGH and nothing changes: never a smaller take-back. When the balance already
     * decides it (target reached or below failBelow) it ends that way and nothing is taken back.
     * Null when there is no active condition.
     */
    async cancel(memberId: number): Promise<Ending | null> {
      const active = await repo.active(memberId);
      if (!active) return null;
      if ((await repo.walletBalance(memberId)) < active.bonusAmount)
        await creditReturn.bringBack(memberId, active.id, active.currency as Currency);
      return ctx.db.transaction(async (tx) => {
        await ledger.lockMember(tx, memberId);
        const c = await repo.lockActive(tx, memberId);
        if (!c) return null;
        const total = await hot.totalBalance(tx, memberId);
        const decided = outcome(c, total);
        if (decided) return end(tx, c, decided, 0n);
        const owed = cancelTakesBack(c, total);
        const wallet = await repo.lockWallet(tx, memberId);
        if ((wallet?.balance ?? 0n) < owed)
          throw new AppError('MONEY_NOT_ENOUGH', {
            reason: 'credit-outside-wallet',
            takeBack: fromMinor(owed, c.currency as Currency),
          });
        return end(tx, c, 'CANCELLED', owed);
      });
    },

    /**
     * Inside the caller's transaction: money of a withdrawal held before the grant comes back to
     * the wallet (rejected, refused by the bank) while a condition is active. It raises the starting
     * credit and the target like a deposit does, so returned money never reaches a target that only
     * play should reach. Locks the member row first (the ledger's lock order). Returns the raised condition.
     */
    async raiseOnReturn(tx: Tx, memberId: number, amount: bigint): Promise<CreditCondition | null> {
      await ledger.lockMember(tx, memberId);
      const c = await repo.lockActive(tx, memberId);
      if (!c || amount <= 0n) return null;
      const start = c.startCredit + amount;
      return repo.update(tx, c.id, {
        startCredit: start,
        target: c.target + amount,
        failBelow: (start * BigInt(c.percentFail)) / 100n,
      });
    },

    /**
     * A deposit credited while a condition is active (docs/product.md §4.2: a bank-feed credit that arrives
     * anyway) raises its starting credit and target by the amount; failBelow follows the new start.
     * Once per deposit, and only for deposits booked on the wallet after the grant (an earlier one
     * is already in the starting credit). Returns the raised condition or null.
     */
    async raiseOnDeposit(deposit: {
      memberId: number;
      amount: bigint;
      transactionId: number;
    }): Promise<CreditCondition | null> {
      if (!(await repo.active(deposit.memberId))) return null;
      return ctx.db.transaction(async (tx) => {
        const c = await repo.lockActive(tx, deposit.memberId);
        if (!c || c.grantTransactionId === null || c.qualifyingDepositId === deposit.transactionId) return null;
        const depositEntry = await repo.walletEntryId(tx, deposit.transactionId, deposit.memberId);
        const grantEntry = await repo.walletEntryId(tx, c.grantTransactionId, deposit.memberId);
        if (depositEntry === null || grantEntry === null || depositEntry < grantEntry) return null;
        if (!(await repo.markDepositRaised(tx, deposit.transactionId, deposit.memberId, c.id))) return null;
        const start = c.startCredit + deposit.amount;
        return repo.update(tx, c.id, {
          startCredit: start,
          target: c.target + deposit.amount,
          failBelow: (start * BigInt(c.percentFail)) / 100n,
        });
      });
    },
  };
}
export type CreditConditions = ReturnType<typeof createCreditConditions>;

/** What a cancel takes back now: the unused credit, min(bonus, total balance). */
export function cancelTakesBack(c: Pick<CreditCondition, 'bonusAmount'>, total: bigint): bigint {
  const owed = total < c.bonusAmount ? total : c.bonusAmount;
  return owed > 0n ? owed : 0n;
}
