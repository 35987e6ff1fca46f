// House rules before a deposit (docs/product.md §4.2): a member under an active credit condition may not
// deposit, and an amount must reach the minimum deposit. What follows a credited deposit (an active
// condition's raise) is the bonus module's deposit-credited subscriber (deposit-credited.ts); spin
// coins and the referrer's share vest on play (modules/turnover, decision 055).
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseWhileConditionActive } from '../bonus/index.ts';
import { createLookupService } from '../lookup/index.ts';

/** Refuses a new deposit (QR create, slip, TrueMoney link, notice) while a condition is active: BONUS_REMAINING. */
export async function assertDepositAllowed(ctx: AppContext, memberId: number): Promise<void> {
  await refuseWhileConditionActive(ctx, memberId);
}

/** The minimum deposit of `currency` (per currency, decision 055), in its minor units. */
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
