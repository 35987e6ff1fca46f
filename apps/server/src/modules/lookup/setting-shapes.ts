// The shapes of the site settings that other modules read through their own rules files
// (invite-rules, refund-rules, withdraw-rules): the settings table's owner declares every value.
import type { Currency } from '@krapao/contracts/constants';

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

export type RefundPeriod = 'day' | 'week';

export type RefundRules = {
  /** Off: nothing new can be received (REFUND_INACTIVE); what was received can still be added. */
  isActive: boolean;
  /** The share of the net game loss of the last closed period, in percent (two decimals at most). */
  percent: number;
  /** The condition of an add to the wallet: success at +success %, failure below fail % of the start. */
  success: number;
  fail: number;
  /** The smallest cashback that can be received, major units of the member's currency (REFUND_MINIMUM). */
  minimum: number;
  /** Periods are calendar days, or weeks from Monday, in the site's time zone. */
  period: RefundPeriod;
  /** Shown in the refund modal (HTML, sanitised by the SPA). */
  info: string;
};

export type WithdrawCurrencyRules = {
  /** Smaller amounts are refused with TRANSFER_MINIMUM, larger ones with KEY_INVALID. */
  withdrawMin: number;
  withdrawMax: number;
  /** Amounts above it wait for review (above-auto-max). */
  autoApproveMax: number;
  /** This withdrawal plus the last 24 h's not rejected above it wait (daily-amount). */
  dailyAutoAmount: number;
  /** More withdrawals than this in 24 h wait (daily-count). */
  dailyAutoCount: number;
  /** A member's first withdrawal (no earlier paid one) above it waits (first-withdrawal). */
  firstReviewAbove: number;
};
export type WithdrawRules = Partial<Record<Currency, WithdrawCurrencyRules>>;
