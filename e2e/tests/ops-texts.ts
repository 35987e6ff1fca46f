// The texts an operator reads, from the console's own translation files (th, en).
import enCommon from '../../apps/ops/src/locales/en/common.json' with { type: 'json' };
import enErrors from '../../apps/ops/src/locales/en/errors.json' with { type: 'json' };
import enLive from '../../apps/ops/src/locales/en/live.json' with { type: 'json' };
import enWithdrawals from '../../apps/ops/src/locales/en/withdrawals.json' with { type: 'json' };
import thCommon from '../../apps/ops/src/locales/th/common.json' with { type: 'json' };
import thErrors from '../../apps/ops/src/locales/th/errors.json' with { type: 'json' };
import thLive from '../../apps/ops/src/locales/th/live.json' with { type: 'json' };
import thWithdrawals from '../../apps/ops/src/locales/th/withdrawals.json' with { type: 'json' };

export type OpsLang = 'th' | 'en';

export const opsTexts = {
  th: { common: thCommon, errors: thErrors, live: thLive, withdrawals: thWithdrawals },
  en: { common: enCommon, errors: enErrors, live: enLive, withdrawals: enWithdrawals },
};
/** Thai: the console's default language. */
export const opsTh = opsTexts.th;
