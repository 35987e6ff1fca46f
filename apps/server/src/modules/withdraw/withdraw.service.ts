// A member's withdrawal (spec §5, §7; DESIGN §6): checked, held at once in WITHDRAWALS_PAYABLE with
// its withdrawals row in one database transaction, approved automatically under a threshold, and
// — when approved — paid right away if the bank answers quickly; otherwise the worker pays it.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, MINOR_UNITS, toMinor } from '@krapao/contracts/money';
import type { TWithdrawResponse } from '@krapao/contracts/withdraw';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { assertWithdrawAllowed } from '../deposit/deposit-rules.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createLookupService } from '../lookup/lookup.service.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { createPayoutSettlement } from './payout-settlement.ts';
import { createWithdrawRepository, type Withdrawal } from './withdraw.repository.ts';

/** A major-unit figure of the site's settings in minor units (rounded down: never above the figure). */
function minorOf(major: number, currency: Currency): bigint {
  return Number.isFinite(major) ? BigInt(Math.floor(major * MINOR_UNITS[currency])) : 0n;
}

export function createWithdrawService(ctx: AppContext) {
  const ledger = createLedger(ctx);
  const members = createMemberRepository(ctx.db);
  const repo = createWithdrawRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const lookup = createLookupService(ctx);
  const settlement = createPayoutSettlement(ctx, ledger, repo);

  /** The amount in minor units, within the withdraw lookup's limits. */
  async function amountOf(amount: number, currency: Currency): Promise<bigint> {
    let minor: bigint;
    try {
      minor = toMinor(amount, currency);
    } catch {
      throw new AppError('KEY_INVALID', { fields: ['amount'] });
    }
    if (minor <= 0n) throw new AppError('KEY_INVALID', { fields: ['amount'] });
    const { withdrawMin, withdrawMax } = await lookup.withdraw();
    if (minor < minorOf(withdrawMin, currency)) throw new AppError('TRANSFER_MINIMUM', { minimum: withdrawMin });
    if (minor > minorOf(withdrawMax, currency)) throw new AppError('KEY_INVALID', { maximum: withdrawMax });
    return minor;
  }

  async function isAutoApproved(amount: bigint, currency: Currency): Promise<boolean> {
    // No setting means every withdrawal waits for an operator.
    const max = (await settings.get('withdrawAutoApproveMax')) ?? 0;
    return amount <= minorOf(max, currency);
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
    const w = await repo.byKey(memberId, key);
    if (!w) throw new AppError('KEY_INVALID', { reason: 'idempotency-key-in-flight' });
    return answer(w);
  }

  /** The hold: the ledger's guarded update refuses to overdraw, so parallel requests cannot. */
  async function hold(
    member: { id: number; currency: Currency },
    bank: { bankCode: string; accountNo: string; accountName: string },
    amount: bigint,
    isApproved: boolean,
    key: string | null,
  ): Promise<Withdrawal> {
    const wallet = await ledger.repo.memberAccount(member.id, 'WALLET');
    if (!wallet) throw new AppError('NO_WALLET');
    const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, member.currency, member.id);
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const t = await ledger.open(tx, {
        memberId: member.id,
        type: 'WITHDRAW',
        status: 'PENDING',
        statementType: 'withdraw',
        fromCode: 'WALLET',
        toCode: bank.bankCode,
        amount,
        currency: member.currency,
        idempotencyKey: key,
      });
      await ledger.post(tx, t.id, [
        { accountId: wallet.id, amount: -amount },
        { accountId: payable, amount },
      ]);
      const w = await repo.insert(tx, {
        memberId: member.id,
        transactionId: t.id,
        amount,
        currency: member.currency,
        bankCode: bank.bankCode,
        bankAccountNo: bank.accountNo,
        bankAccountName: bank.accountName,
        status: isApproved ? 'APPROVED' : 'WAITING_APPROVAL',
        // The request tries the payout itself first: the worker keeps off until then.
        leaseUntil: isApproved ? new Date(now.getTime() + ctx.config.PAYOUT_LEASE_MS) : null,
        attempts: isApproved ? 1 : 0,
      });
      await ledger.repo.setStatus(tx, t.id, ['PENDING'], 'PENDING', { withdrawalId: w.id });
      return w;
    });
  }

  return {
    settlement,

    async withdraw(memberId: number, amountWire: number, key: string | null): Promise<TWithdrawResponse> {
      const row = await members.byId(memberId);
      if (!row) throw new AppError('invalid-token');
      const member = { id: row.id, currency: row.currency as Currency };
      const amount = await amountOf(amountWire, member.currency);
      await assertWithdrawAllowed(ctx, memberId);
      const bank = await members.bankAccountOf(memberId);
      if (!bank) throw new AppError('NO_BANK');
      const isApproved = await isAutoApproved(amount, member.currency);
      let w: Withdrawal;
      try {
        w = await hold(member, bank, amount, isApproved, key);
      } catch (err) {
        if (key && isUniqueViolation(err)) return replay(memberId, key);
        throw err;
      }
      if (w.status !== 'APPROVED') return answer(w);
      const settled = await settlement.attempt(w, ctx.config.PAYOUT_INLINE_TIMEOUT_MS);
      return answer({ ...w, status: settled.status });
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
