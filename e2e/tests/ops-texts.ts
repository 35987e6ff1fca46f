// The texts an operator reads, from the console's own translation files (th, en).
import enChat from '../../apps/ops/src/locales/en/chat.json' with { type: 'json' };
import enCommon from '../../apps/ops/src/locales/en/common.json' with { type: 'json' };
import enContent from '../../apps/ops/src/locales/en/content.json' with { type: 'json' };
import enDeposits from '../../apps/ops/src/locales/en/deposits.json' with { type: 'json' };
import enErrors from '../../apps/ops/src/locales/en/errors.json' with { type: 'json' };
import enGames from '../../apps/ops/src/locales/en/games.json' with { type: 'json' };
import enLive from '../../apps/ops/src/locales/en/live.json' with { type: 'json' };
import enMembers from '../../apps/ops/src/locales/en/members.json' with { type: 'json' };
import enProtection from '../../apps/ops/src/locales/en/protection.json' with { type: 'json' };
import enSettings from '../../apps/ops/src/locales/en/settings.json' with { type: 'json' };
import enSlips from '../../apps/ops/src/locales/en/slips.json' with { type: 'json' };
import enWithdrawals from '../../apps/ops/src/locales/en/withdrawals.json' with { type: 'json' };
import thChat from '../../apps/ops/src/locales/th/chat.json' with { type: 'json' };
import thCommon from '../../apps/ops/src/locales/th/common.json' with { type: 'json' };
import thContent from '../../apps/ops/src/locales/th/content.json' with { type: 'json' };
import thDeposits from '../../apps/ops/src/locales/th/deposits.json' with { type: 'json' };
import thErrors from '../../apps/ops/src/locales/th/errors.json' with { type: 'json' };
import thGames from '../../apps/ops/src/locales/th/games.json' with { type: 'json' };
import thLive from '../../apps/ops/src/locales/th/live.json' with { type: 'json' };
import thMembers from '../../apps/ops/src/locales/th/members.json' with { type: 'json' };
import thProtection from '../../apps/ops/src/locales/th/protection.json' with { type: 'json' };
import thSettings from '../../apps/ops/src/locales/th/settings.json' with { type: 'json' };
import thSlips from '../../apps/ops/src/locales/th/slips.json' with { type: 'json' };
import thWithdrawals from '../../apps/ops/src/locales/th/withdrawals.json' with { type: 'json' };

export type OpsLang = 'th' | 'en';

export const opsTexts = {
  th: {
    common: thCommon,
    errors: thErrors,
    live: thLive,
    withdrawals: thWithdrawals,
    settings: thSettings,
    games: thGames,
    chat: thChat,
    members: thMembers,
    protection: thProtection,
    deposits: thDeposits,
    slips: thSlips,
    content: thContent,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    live: enLive,
    withdrawals: enWithdrawals,
    settings: enSettings,
    games: enGames,
    chat: enChat,
    members: enMembers,
    protection: enProtection,
    deposits: enDeposits,
    slips: enSlips,
    content: enContent,
  },
};
/** Thai: the console's default language. */
export const opsTh = opsTexts.th;
