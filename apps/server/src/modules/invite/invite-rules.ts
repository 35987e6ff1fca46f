// The invite settings (DESIGN §6) and the one rounding rule of shares: every number is a setting.
import type { Currency } from '@krapao/contracts/constants';
import { MINOR_UNITS } from '@krapao/contracts/money';
import type { SettingsRepository } from '../lookup/settings.repository.ts';

export type InviteRules = {
  /** Off: deposits earn nothing and claims are refused (INVITE_INACTIVE). */
  isActive: boolean;
  /** The referrer's share of each invitee deposit, in percent (two decimals at most). */
  sharePercent: number;
  /** The smallest claim, in major units of the member's currency (INVITE_BONUS_FAIL below it). */
  minimumClaim: number;
  /** When on, a claim needs at least one invitee who has moved money into a game (NO_INVITEE_PLAY_INFO). */
  requireInviteePlay: boolean;
};

export const DEFAULT_INVITE_RULES: InviteRules = {
  isActive: true,
  sharePercent: 1,
  minimumClaim: 1,
  requireInviteePlay: false,
};

/** The rules, a missing or partial setting filled from the defaults (off when never seeded). */
export async function inviteRulesOf(settings: SettingsRepository): Promise<InviteRules> {
  const stored = await settings.get('inviteRules');
  return stored ? { ...DEFAULT_INVITE_RULES, ...stored } : { ...DEFAULT_INVITE_RULES, isActive: false };
}

/**
 * `percent` % of `amount`, rounded down to whole minor units. The percentage counts in hundredths
 * (basis points), so 0.5 % or 1.25 % are exact; more decimals are cut, never rounded up.
 */
export function percentOf(amount: bigint, percent: number): bigint {
  if (!Number.isFinite(percent) || percent <= 0 || amount <= 0n) return 0n;
  const basisPoints = BigInt(Math.floor(percent * 100 + 1e-9));
  return (amount * basisPoints) / 10_000n;
}

/** A major-unit setting as whole minor units of `currency`, rounded down (malformed counts as 0). */
export function minorOf(major: number, currency: Currency): bigint {
  if (!Number.isFinite(major) || major <= 0) return 0n;
  return BigInt(Math.floor(major * MINOR_UNITS[currency] + 1e-9));
}

/** A percentage setting as the whole number the condition engine counts with (0 when unset). */
export function wholePercent(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
