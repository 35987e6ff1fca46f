// The texts a member reads, from the SPA's own translation files: a query by them follows a wording change.
import type { Page } from '@playwright/test';
import enBonus from '../../apps/web/src/locales/en/bonus.json' with { type: 'json' };
import enChat from '../../apps/web/src/locales/en/chat.json' with { type: 'json' };
import enCommon from '../../apps/web/src/locales/en/common.json' with { type: 'json' };
import enDeposit from '../../apps/web/src/locales/en/deposit.json' with { type: 'json' };
import enDepositMethods from '../../apps/web/src/locales/en/depositMethods.json' with { type: 'json' };
import enErrors from '../../apps/web/src/locales/en/errors.json' with { type: 'json' };
import enInvite from '../../apps/web/src/locales/en/invite.json' with { type: 'json' };
import enProfile from '../../apps/web/src/locales/en/profile.json' with { type: 'json' };
import enProtection from '../../apps/web/src/locales/en/protection.json' with { type: 'json' };
import enRefund from '../../apps/web/src/locales/en/refund.json' with { type: 'json' };
import enRegister from '../../apps/web/src/locales/en/register.json' with { type: 'json' };
import enSpin from '../../apps/web/src/locales/en/spin.json' with { type: 'json' };
import enStatement from '../../apps/web/src/locales/en/statement.json' with { type: 'json' };
import enWallet from '../../apps/web/src/locales/en/wallet.json' with { type: 'json' };
import enWithdraw from '../../apps/web/src/locales/en/withdraw.json' with { type: 'json' };
import laBonus from '../../apps/web/src/locales/la/bonus.json' with { type: 'json' };
import laChat from '../../apps/web/src/locales/la/chat.json' with { type: 'json' };
import laCommon from '../../apps/web/src/locales/la/common.json' with { type: 'json' };
import laDeposit from '../../apps/web/src/locales/la/deposit.json' with { type: 'json' };
import laDepositMethods from '../../apps/web/src/locales/la/depositMethods.json' with { type: 'json' };
import laErrors from '../../apps/web/src/locales/la/errors.json' with { type: 'json' };
import laInvite from '../../apps/web/src/locales/la/invite.json' with { type: 'json' };
import laProfile from '../../apps/web/src/locales/la/profile.json' with { type: 'json' };
import laProtection from '../../apps/web/src/locales/la/protection.json' with { type: 'json' };
import laRefund from '../../apps/web/src/locales/la/refund.json' with { type: 'json' };
import laRegister from '../../apps/web/src/locales/la/register.json' with { type: 'json' };
import laSpin from '../../apps/web/src/locales/la/spin.json' with { type: 'json' };
import laStatement from '../../apps/web/src/locales/la/statement.json' with { type: 'json' };
import laWallet from '../../apps/web/src/locales/la/wallet.json' with { type: 'json' };
import laWithdraw from '../../apps/web/src/locales/la/withdraw.json' with { type: 'json' };
import thBonus from '../../apps/web/src/locales/th/bonus.json' with { type: 'json' };
import thChat from '../../apps/web/src/locales/th/chat.json' with { type: 'json' };
import thCommon from '../../apps/web/src/locales/th/common.json' with { type: 'json' };
import thDeposit from '../../apps/web/src/locales/th/deposit.json' with { type: 'json' };
import thDepositMethods from '../../apps/web/src/locales/th/depositMethods.json' with { type: 'json' };
import thErrors from '../../apps/web/src/locales/th/errors.json' with { type: 'json' };
import thInvite from '../../apps/web/src/locales/th/invite.json' with { type: 'json' };
import thProfile from '../../apps/web/src/locales/th/profile.json' with { type: 'json' };
import thProtection from '../../apps/web/src/locales/th/protection.json' with { type: 'json' };
import thRefund from '../../apps/web/src/locales/th/refund.json' with { type: 'json' };
import thRegister from '../../apps/web/src/locales/th/register.json' with { type: 'json' };
import thSpin from '../../apps/web/src/locales/th/spin.json' with { type: 'json' };
import thStatement from '../../apps/web/src/locales/th/statement.json' with { type: 'json' };
import thWallet from '../../apps/web/src/locales/th/wallet.json' with { type: 'json' };
import thWithdraw from '../../apps/web/src/locales/th/withdraw.json' with { type: 'json' };

const thTexts = {
  common: thCommon,
  wallet: thWallet,
  deposit: thDeposit,
  depositMethods: thDepositMethods,
  withdraw: thWithdraw,
  bonus: thBonus,
  spin: thSpin,
  refund: thRefund,
  invite: thInvite,
  statement: thStatement,
  chat: thChat,
  errors: thErrors,
  protection: thProtection,
  register: thRegister,
  profile: thProfile,
};
const laTexts = {
  common: laCommon,
  wallet: laWallet,
  deposit: laDeposit,
  depositMethods: laDepositMethods,
  withdraw: laWithdraw,
  bonus: laBonus,
  spin: laSpin,
  refund: laRefund,
  invite: laInvite,
  statement: laStatement,
  chat: laChat,
  errors: laErrors,
  protection: laProtection,
  register: laRegister,
  profile: laProfile,
};
const enTexts = {
  common: enCommon,
  wallet: enWallet,
  deposit: enDeposit,
  depositMethods: enDepositMethods,
  withdraw: enWithdraw,
  bonus: enBonus,
  spin: enSpin,
  refund: enRefund,
  invite: enInvite,
  statement: enStatement,
  chat: enChat,
  errors: enErrors,
  protection: enProtection,
  register: enRegister,
  profile: enProfile,
};

export type Lang = 'th' | 'la' | 'en';
export const texts = { th: thTexts, la: laTexts, en: enTexts };
/** Thai: the default language of the Thai build. */
export const th = thTexts;

/** A text with its {{placeholders}} filled, as i18next does. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

type Texts = (typeof texts)[Lang];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One text in whichever language the page is in: an exact name in any of the three. */
export function anyLang(pick: (t: Texts) => string): RegExp {
  return new RegExp(
    `^(${Object.values(texts)
      .map((t) => literal(pick(t)))
      .join('|')})$`,
  );
}

/** The language dropdown, whichever language the page is in. */
export function langSwitch(page: Page) {
  return page.getByRole('combobox', { name: anyLang((t) => t.common.lang.label) });
}
