// The withdrawal limits setting read with its defaults: the lookup answers a member's limits, the
// withdraw module checks and reviews with the same figures (withdraw-rules.ts).
import type { Currency } from '@krapao/contracts/constants';
import type { WithdrawCurrencyRules } from './setting-shapes.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** The largest amount the wire carries (ZAmount): no maximum of our own. */
const WIRE_MAX = 1e12;

/**
 * A currency with no rules (or a figure missing): any positive amount may be asked for and every
 * withdrawal waits for an operator, since every review threshold is zero.
 */
export const NO_WITHDRAW_RULES: WithdrawCurrencyRules = {
  withdrawMin: 0,
  withdrawMax: WIRE_MAX,
  autoApproveMax: 0,
  dailyAutoAmount: 0,
  dailyAutoCount: 0,
  firstReviewAbove: 0,
};

/** The currency's rules, each missing or unusable figure taken from NO_WITHDRAW_RULES. */
export async function withdrawRulesOf(
  settings: SettingsRepository,
  currency: Currency,
): Promise<WithdrawCurrencyRules> {
  const stored: Partial<WithdrawCurrencyRules> = (await settings.get('withdrawRules'))?.[currency] ?? {};
  const rules = { ...NO_WITHDRAW_RULES };
  for (const key of Object.keys(rules) as (keyof WithdrawCurrencyRules)[]) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) rules[key] = value;
  }
  return rules;
}
