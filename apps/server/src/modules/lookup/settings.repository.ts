import type { Currency } from '@krapao/contracts/constants';
import type { TContact, TDepositLookup, TInfo } from '@krapao/contracts/lookup';
import type { THouseEntryState } from '@krapao/contracts/ops/settings';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/lookup.ts';
import type { BannerRow } from '../../db/schema/promotions.ts';
import { cachePerHandle } from '../../lib/ttl-cache.ts';
import type { StoredHowto } from './howto.ts';
import type { StoredText } from './localized-text.ts';
import type { InviteRules, RefundRules, WithdrawRules } from './setting-shapes.ts';

/** Every site setting and the shape of its value. */
export type SiteSettings = {
  info: TInfo;
  /** Texts are a plain string (Thai for every language) or one per language (localized-text.ts). */
  contact: Omit<TContact, 'contactText'> & { contactText: StoredText };
  conditions: StoredText[];
  agreements: StoredText[];
  notice: StoredText;
  /** The how-to videos of /howto: a title per language, the video and poster addresses. */
  howto: StoredHowto;
  /** Daily window, HH:mm in the site's time zone, during which slip uploads are closed. */
  slip: { closeStart: string; closeEnd: string };
  /** The member's deposit lookup; each bank entry also says whether it is on and its daily cap. */
  deposit: Omit<TDepositLookup, 'banks'> & { banks: (TDepositLookup['banks'][number] & THouseEntryState)[] };
  /** Withdrawal limits and review thresholds per currency (decision 055). */
  withdrawRules: WithdrawRules;
  /** The minimum deposit per currency (major units); the deposit lookup answers the member's. */
  depositMinimums: Partial<Record<Currency, number>>;
  registerOTP: boolean;
  enableChatWidget: boolean;
  /** false closes the site: the API answers `gone`. */
  active: boolean;
  /** Invite condition percentages shown with the referral amount. */
  invite: { success: number; fail: number };
  /** The condition a spin coupon's credit starts (decision 055): success and fail percentages. */
  couponRules: { success: number; fail: number };
  /** Invites (docs/product.md §4.3): the referrer's share of each invitee deposit and the claim rules. */
  inviteRules: InviteRules;
  inviteBanners: BannerRow[];
  /** Cashback (docs/product.md §4.4): a share of the net game loss of the last closed period. */
  refundRules: RefundRules;
  refundBanners: BannerRow[];
  /** The console's canned chat answers, in the order staff pick from them. */
  chatCannedAnswers: string[];
};
export type SettingKey = keyof SiteSettings;

/** Settings are read on most requests and changed by operators: cached for a second (decision 035). */
export const SETTINGS_CACHE_MS = 1_000;
const cacheOf = cachePerHandle<unknown>(SETTINGS_CACHE_MS);

/** Forgets the cached settings of this database handle (after writing the table directly). */
export function forgetCachedSettings(db: Db) {
  cacheOf(db).clear();
}

export function createSettingsRepository(db: Db) {
  const cache = cacheOf(db);
  return {
    /** A setting's value; shared between callers, so never to be mutated. */
    async get<K extends SettingKey>(key: K): Promise<SiteSettings[K] | undefined> {
      return cache.get(key, async () => {
        const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
        return row?.value;
      }) as Promise<SiteSettings[K] | undefined>;
    },
    /** The cached value of a setting when it is loaded and fresh (what `get` would answer), else undefined. */
    peek<K extends SettingKey>(key: K): { readonly value: SiteSettings[K] | undefined } | undefined {
      return cache.peek(key) as { readonly value: SiteSettings[K] | undefined } | undefined;
    },
    async getMany<K extends SettingKey>(keys: K[]): Promise<Partial<Pick<SiteSettings, K>>> {
      const rows = await db.select().from(settings).where(inArray(settings.key, keys));
      return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<Pick<SiteSettings, K>>;
    },
    async set<K extends SettingKey>(key: K, value: SiteSettings[K]) {
      await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
      cache.clear();
    },
    /** Seeds a value only where none is set, so an operator's change survives a restart. */
    async setDefault<K extends SettingKey>(key: K, value: SiteSettings[K]) {
      await db.insert(settings).values({ key, value }).onConflictDoNothing();
      cache.clear();
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/**
 * Registration asks for an OTP when the `registerOTP` setting says so; unset, it is on in
 * production (a phone nobody proved must not receive money) and off elsewhere.
 */
export async function isRegisterOtpOn(settings: SettingsRepository, config: { isProduction: boolean }) {
  return (await settings.get('registerOTP')) ?? config.isProduction;
}
