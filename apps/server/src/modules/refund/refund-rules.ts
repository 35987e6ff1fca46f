// The cashback settings: every number is a setting.
import type { RefundRules, SettingsRepository } from '../lookup/index.ts';

export type { RefundPeriod, RefundRules } from '../lookup/index.ts';

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
