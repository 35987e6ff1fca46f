// The cashback settings (DESIGN §6): every number is a setting.
import type { SettingsRepository } from '../lookup/settings.repository.ts';

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

export const DEFAULT_REFUND_RULES: RefundRules = {
  isActive: true,
  percent: 5,
  success: 5,
  fail: 10,
  minimum: 1,
  period: 'day',
  info: '',
};

/** The rules, a missing or partial setting filled from the defaults (off when never seeded). */
export async function refundRulesOf(settings: SettingsRepository): Promise<RefundRules> {
  const stored = await settings.get('refundRules');
  const rules = stored ? { ...DEFAULT_REFUND_RULES, ...stored } : { ...DEFAULT_REFUND_RULES, isActive: false };
  return { ...rules, period: rules.period === 'week' ? 'week' : 'day' };
}
