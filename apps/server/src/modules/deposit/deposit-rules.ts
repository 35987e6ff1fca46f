// House rules around deposits (DESIGN §6): a member under an active credit condition may not
// deposit (a withdrawal checks it under the member lock, in withdraw.service), and a deposit raises
// an active condition. Spin
// coins and the referrer's share vest on play, not here (modules/turnover, decision 055).
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { conditionAfterDeposit, refuseWhileConditionActive } from '../bonus/bonus-rules.ts';
import { createLookupService } from '../lookup/lookup.service.ts';
import { markRulesApplied } from './deposit-rules.repository.ts';

/** Refuses a new deposit (QR create, slip, TrueMoney link, notice) while a condition is active: BONUS_REMAINING. */
export async function assertDepositAllowed(ctx: AppContext, memberId: number): Promise<void> {
  await refuseWhileConditionActive(ctx, memberId);
}

export type CreditedDeposit = {
  memberId: number;
  amount: bigint;
  currency: Currency;
  /** The deposit's ledger transaction. */
  transactionId: number;
};

/**
 * After a deposit is credited (by any of the four ways, also a bank-feed credit that arrives during
 * a condition): raise an active condition's starting credit and target. Idempotent per deposit
 * transaction; the deposit is then marked `rulesApplied`, and the catch-up job
 * (deposit-rules-catch-up.ts) runs it for any deposit whose process died between the credit and the
 * mark. Coins and the referrer's share wait for the deposit to be played (decision 055).
 */
export async function afterDepositCredited(ctx: AppContext, deposit: CreditedDeposit): Promise<void> {
  await conditionAfterDeposit(ctx, deposit);
  await markRulesApplied(ctx.db, deposit.transactionId);
}

/** The minimum deposit of `currency` (spec §9; per currency, decision 055), in its minor units. */
export async function minimumDeposit(ctx: AppContext, currency: Currency): Promise<bigint> {
  return toMinor(await createLookupService(ctx).minimumDepositOf(currency), currency);
}

/** A wire amount as minor units at or above the minimum deposit, else `belowMinimum` with the figure. */
export async function depositAmountOf(
  ctx: AppContext,
  amount: number,
  currency: Currency,
  belowMinimum: 'QR_FAIL' | 'TRUELINK_INVALID' | 'TRANSFER_MINIMUM',
): Promise<bigint> {
  let minor: bigint;
  try {
    minor = toMinor(amount, currency);
  } catch {
    throw new AppError('KEY_INVALID', { fields: ['amount'] });
  }
  const min = await minimumDeposit(ctx, currency);
  if (minor <= 0n || minor < min) throw new AppError(belowMinimum, { minimum: fromMinor(min, currency) });
  return minor;
}
