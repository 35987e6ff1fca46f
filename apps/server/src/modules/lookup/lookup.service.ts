import type { Currency, Locale } from '@krapao/contracts/constants';
import { PAYMENT_BANK_TYPE } from '@krapao/contracts/deposit';
import type { TContact, TDepositLookup, TWithdrawLimits } from '@krapao/contracts/lookup';
import type { AppContext } from '../../context.ts';
import { isWithinDailyWindow, siteHourMinute, siteTimeZone } from '../../lib/site-time.ts';
import { createMemberRepository } from '../account/index.ts';
import { accountKey, createHouseReceipts, isCapReached } from './house-receipts.ts';
import { textIn } from './localized-text.ts';
import { createLookupRepository } from './lookup.repository.ts';
import {
  createSettingsRepository,
  isRegisterOtpOn,
  type SettingKey,
  type SiteSettings,
} from './settings.repository.ts';
import { withdrawRulesOf } from './withdraw-settings.ts';

/**
 * Why a member is offered nowhere to send money (a break, a deposit limit used up) and until when;
 * null: offer everything. Given by the composition root (player protection depends on modules that
 * depend on this one).
 */
export type DepositOfferCheck = (
  db: AppContext['db'],
  memberId: number,
  now: Date,
) => Promise<{ reason: 'limit' | 'excluded'; until: Date | null } | null>;

export function createLookupService(ctx: AppContext, opts: { offerBlock?: DepositOfferCheck } = {}) {
  const repo = createLookupRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const receipts = createHouseReceipts(ctx);
  const countries = ctx.config.LAOS ? ['LA', 'TH'] : ['TH'];

  /** The member's currency, or the site's (LAK in the Laos build) for a visitor. */
  async function currencyOf(memberId: number | null): Promise<Currency> {
    const member = memberId === null ? null : await members.byId(memberId);
    return (member?.currency as Currency | undefined) ?? (ctx.config.LAOS ? 'LAK' : 'BAHT');
  }

  /** The minimum deposit of a currency (major units); without one, the deposit lookup's single figure. */
  async function minimumDepositOf(currency: Currency): Promise<number> {
    const perCurrency = (await settings.get('depositMinimums'))?.[currency];
    if (typeof perCurrency === 'number' && Number.isFinite(perCurrency) && perCurrency >= 0) return perCurrency;
    return (await settings.get('deposit'))?.minimumDeposit ?? 0;
  }

  async function setting<K extends SettingKey>(key: K, fallback: SiteSettings[K]): Promise<SiteSettings[K]> {
    return (await settings.get(key)) ?? fallback;
  }

  const storedDeposit = () => setting('deposit', { banks: [], wallets: [], isManual: false, minimumDeposit: 0 });

  /**
   * The house accounts and gateways that are on, its minimum in the member's currency (the site's
   * for a visitor: null). QR creation, slip checks and the bank-feed sweeps read this one: money
   * into an account at its daily cap still credits.
   */
  async function deposit(memberId: number | null = null): Promise<TDepositLookup> {
    const lookup = await storedDeposit();
    // An entry an operator turned off is not offered (nor a QR made at it); the rest lose their console fields.
    const banks = lookup.banks.filter((b) => b.isEnabled !== false).map(({ isEnabled, dailyCap, ...b }) => b);
    return { ...lookup, banks, minimumDeposit: await minimumDepositOf(await currencyOf(memberId)) };
  }

  /**
   * What a member is offered: the deposit lookup less the accounts whose business day reached its cap.
   * A member on a break or with a deposit limit used up is offered no account, wallet or gateway at
   * all (money sent to an account cannot be refused), and told why and until when.
   */
  async function memberDeposit(memberId: number | null): Promise<TDepositLookup> {
    const stored = await storedDeposit();
    const lookup = await deposit(memberId);
    const block = memberId === null || !opts.offerBlock ? null : await opts.offerBlock(ctx.db, memberId, ctx.now());
    if (block) {
      const until = block.until ? block.until.toISOString() : null;
      return { ...lookup, banks: [], wallets: [], blocked: { reason: block.reason, until } };
    }
    const capped = stored.banks.filter((b) => b.bankType !== PAYMENT_BANK_TYPE && typeof b.dailyCap === 'number');
    if (capped.length === 0) return lookup;
    const received = await receipts.receivedToday();
    const full = new Set(capped.filter((b) => isCapReached(b, received)).map((b) => accountKey(b.bankAccountNo)));
    if (full.size === 0) return lookup;
    const banks = lookup.banks.filter(
      (b) => b.bankType === PAYMENT_BANK_TYPE || !full.has(accountKey(b.bankAccountNo)),
    );
    return { ...lookup, banks };
  }

  return {
    async banks() {
      const rows = await repo.banks(countries);
      return rows.map((b) => ({ code: b.code, nameTH: b.nameTH, nameEN: b.nameEN }));
    },
    /** A bank a member may register with in this build, or null. */
    async registrableBank(code: string) {
      const bank = await repo.bank(code);
      return bank && countries.includes(bank.country) ? bank : null;
    },
    /** The registration sources with their texts in `locale`, Thai where that language has none. */
    async sources(locale: Locale = 'th') {
      const rows = await repo.sources();
      return rows.map((s) => ({ code: s.code, description: textIn(s.description, locale) }));
    },
    source: (code: string) => repo.source(code),
    info: () => setting('info', { name: 'Krapao', website: '' }),
    /** The contact texts in `locale`, Thai where that language has none. */
    async contact(locale: Locale = 'th'): Promise<TContact> {
      const contact = await setting('contact', { contactText: '', lineLink: '', lineName: '', lineQR: '' });
      return { ...contact, contactText: textIn(contact.contactText, locale) };
    },
    conditions: async (locale: Locale = 'th') => (await setting('conditions', [])).map((c) => textIn(c, locale)),
    agreements: async (locale: Locale = 'th') => (await setting('agreements', [])).map((a) => textIn(a, locale)),
    async notice(locale: Locale = 'th') {
      return { notice: textIn(await setting('notice', ''), locale) };
    },
    /** The withdrawal limits of the member's currency, or of the site's for a visitor (null). */
    async withdraw(memberId: number | null): Promise<TWithdrawLimits> {
      const { withdrawMin, withdrawMax } = await withdrawRulesOf(settings, await currencyOf(memberId));
      return { withdrawMin, withdrawMax };
    },
    async slip() {
      const window = await setting('slip', { closeStart: '23:50', closeEnd: '00:10' });
      const hm = siteHourMinute(ctx.now(), siteTimeZone(ctx.config.LAOS));
      return { ...window, isClosed: isWithinDailyWindow(hm, window.closeStart, window.closeEnd) };
    },
    deposit,
    memberDeposit,
    minimumDepositOf,
    async active() {
      return { terminated: (await setting('active', true)) ? null : ('gone' as const) };
    },
    async registerOTP() {
      return { registerOTP: await isRegisterOtpOn(settings, ctx.config) };
    },
    async enableChatWidget() {
      return { enableChatWidget: await setting('enableChatWidget', false) };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
