// House rules around deposits and withdrawals (DESIGN §6), in one place so the promotions work
// fills them in: a member with an active bonus condition may not deposit or withdraw, and a
// deposit earns spin coins and the referrer's share.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLookupService } from '../lookup/lookup.service.ts';

/**
 * Refuses a new deposit (QR create, slip, TrueMoney link) while the member may not deposit:
 * BONUS_REMAINING while a bonus credit condition is active. The promotions issue adds the bonus
 * check here; until bonuses exist no condition can be active, so nothing is refused.
 */
export async function assertDepositAllowed(_ctx: AppContext, _memberId: number): Promise<void> {}

/** Refuses a withdrawal while a bonus condition is active (BONUS_CONDITION); see assertDepositAllowed. */
export async function assertWithdrawAllowed(_ctx: AppContext, _memberId: number): Promise<void> {}

/**
 * After a deposit is credited (by any of the four ways, also a bank-feed credit that arrives during
 * a bonus): the promotions issue raises an active condition's starting credit and target, earns
 * spin coins and the referrer's share here.
 */
export async function afterDepositCredited(
  _ctx: AppContext,
  _deposit: { memberId: number; amount: bigint; currency: Currency },
): Promise<void> {}

/** The minimum deposit of the deposit lookup (spec §9), in minor units of `currency`. */
export async function minimumDeposit(ctx: AppContext, currency: Currency): Promise<bigint> {
  const lookup = await createLookupService(ctx).deposit();
  return toMinor(lookup.minimumDeposit, currency);
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
