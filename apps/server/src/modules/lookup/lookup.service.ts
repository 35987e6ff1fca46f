import type { Currency } from '@krapao/contracts/constants';
import type { TWithdrawLimits } from '@krapao/contracts/lookup';
import type { AppContext } from '../../context.ts';
import { isWithinDailyWindow, siteHourMinute, siteTimeZone } from '../../lib/site-time.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { withdrawRulesOf } from '../withdraw/withdraw-rules.ts';
import { createLookupRepository } from './lookup.repository.ts';
import { createSettingsRepository, type SettingKey, type SiteSettings } from './settings.repository.ts';

export function createLookupService(ctx: AppContext) {
  const repo = createLookupRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const countries = ctx.config.LAOS ? ['LA', 'TH'] : ['TH'];

  async function setting<K extends SettingKey>(key: K, fallback: SiteSettings[K]): Promise<SiteSettings[K]> {
    return (await settings.get(key)) ?? fallback;
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
    async sources() {
      const rows = await repo.sources();
      return rows.map((s) => ({ code: s.code, description: s.description }));
    },
    source: (code: string) => repo.source(code),
    info: () => setting('info', { name: 'Krapao', website: '' }),
    contact: () => setting('contact', { contactText: '', lineLink: '', lineName: '', lineQR: '' }),
    conditions: () => setting('conditions', []),
    agreements: () => setting('agreements', []),
    async notice() {
      return { notice: await setting('notice', '') };
    },
    /** The withdrawal limits of the member's currency, or of the site's for a visitor (null). */
    async withdraw(memberId: number | null): Promise<TWithdrawLimits> {
      const member = memberId === null ? null : await members.byId(memberId);
      const currency = (member?.currency as Currency | undefined) ?? (ctx.config.LAOS ? 'LAK' : 'BAHT');
      const { withdrawMin, withdrawMax } = await withdrawRulesOf(settings, currency);
      return { withdrawMin, withdrawMax };
    },
    async slip() {
      const window = await setting('slip', { closeStart: '23:50', closeEnd: '00:10' });
      const hm = siteHourMinute(ctx.now(), siteTimeZone(ctx.config.LAOS));
      return { ...window, isClosed: isWithinDailyWindow(hm, window.closeStart, window.closeEnd) };
    },
    deposit: () => setting('deposit', { banks: [], wallets: [], isManual: false, minimumDeposit: 0 }),
    async active() {
      return { terminated: (await setting('active', true)) ? null : ('gone' as const) };
    },
    async registerOTP() {
      return { registerOTP: await setting('registerOTP', false) };
    },
    async enableChatWidget() {
      return { enableChatWidget: await setting('enableChatWidget', false) };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
