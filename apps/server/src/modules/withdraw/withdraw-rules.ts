// Withdrawal limits and review thresholds per currency (decision 055): every number is a setting,
// in major units of its currency.
import type { Currency } from '@krapao/contracts/constants';
import { MINOR_UNITS } from '@krapao/contracts/money';
import type { WithdrawReviewReason } from '@krapao/contracts/withdraw';
import type { WithdrawCurrencyRules, WithdrawRules } from '../lookup/index.ts';

export type { WithdrawCurrencyRules, WithdrawRules } from '../lookup/index.ts';
export { NO_WITHDRAW_RULES, withdrawRulesOf } from '../lookup/index.ts';

export const SEED_WITHDRAW_RULES: Required<WithdrawRules> = {
  BAHT: {
    withdrawMin: 100,
    withdrawMax: 50_000,
    autoApproveMax: 5_000,
    dailyAutoAmount: 10_000,
    dailyAutoCount: 3,
    firstReviewAbove: 2_000,
  },
  LAK: {
    withdrawMin: 10_000,
    withdrawMax: 5_000_000,
    autoApproveMax: 1_000_000,
    dailyAutoAmount: 2_000_000,
    dailyAutoCount: 3,
    firstReviewAbove: 500_000,
  },
};

/** A major-unit figure in minor units (rounded down: never above the figure; 0.29 stays 29). */
export function minorOf(major: number, currency: Currency): bigint {
  return BigInt(Math.floor(major * MINOR_UNITS[currency] + 1e-6));
}

/** What the member's last 24 h and history say, in minor units. */
export type WithdrawHistory = {
  unplayed: bigint;
  /** Withdrawals of the last 24 h not rejected: their sum and count. */
  dayAmount: bigint;
  dayCount: number;
  hasPaid: boolean;
};

/** Why a withdrawal of `amount` waits for review now; empty: it is paid at once. */
export function reviewReasons(
  amount: bigint,
  h: WithdrawHistory,
  rules: WithdrawCurrencyRules,
  currency: Currency,
): WithdrawReviewReason[] {
  const reasons: WithdrawReviewReason[] = [];
  if (h.unplayed > 0n) reasons.push('unplayed');
  if (amount > minorOf(rules.autoApproveMax, currency)) reasons.push('above-auto-max');
  if (h.dayAmount + amount > minorOf(rules.dailyAutoAmount, currency)) reasons.push('daily-amount');
  if (h.dayCount + 1 > rules.dailyAutoCount) reasons.push('daily-count');
  if (!h.hasPaid && amount > minorOf(rules.firstReviewAbove, currency)) reasons.push('first-withdrawal');
  return reasons;
}

/** The largest amount paid at once now (minor units): the review reasons' thresholds, never below 0. */
export function autoApproveUpTo(h: WithdrawHistory, rules: WithdrawCurrencyRules, currency: Currency): bigint {
  if (h.unplayed > 0n || h.dayCount + 1 > rules.dailyAutoCount) return 0n;
  let most = minorOf(rules.autoApproveMax, currency);
  const dayLeft = minorOf(rules.dailyAutoAmount, currency) - h.dayAmount;
  if (dayLeft < most) most = dayLeft;
  if (!h.hasPaid) {
    const first = minorOf(rules.firstReviewAbove, currency);
    if (first < most) most = first;
  }
  return most > 0n ? most : 0n;
}
