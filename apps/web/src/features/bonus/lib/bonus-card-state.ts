// The three card states of /user/bonus, with the received rule (docs/product.md §4.1) shared with the server.
import { isBonusReceived, type TBonus } from '@krapao/contracts/bonus';
import { TIME_ZONE, TIME_ZONE_LAOS } from '@krapao/contracts/constants';
import { env } from '../../../lib/env';

export type BonusCardState = 'active' | 'received' | 'available';

/** The build's site time zone: days and weeks of the received rule are counted there. */
export function siteTimeZone(isLaos: boolean = env.isLaos): string {
  return isLaos ? TIME_ZONE_LAOS : TIME_ZONE;
}

/**
 * Current wins over received: the bonus the member is under stays openable (its modal only confirms),
 * even when taking it used up the last receipt.
 */
export function bonusCardState(
  bonus: TBonus,
  now: Date = new Date(),
  timeZone: string = siteTimeZone(),
): BonusCardState {
  if (bonus.userBonus?.isActive) return 'active';
  const receivedAt = (bonus.userBonus?.received ?? []).map((receipt) => receipt.updatedAt);
  return isBonusReceived(bonus, receivedAt, now, timeZone) ? 'received' : 'available';
}
