// The console's settings page: reads every setting it edits in the form the console edits it, and
// writes one through createSettingsChange (the audit entry in the same transaction). A deposit
// entry's bank must exist: a receiving account's in the banks table, a gateway's among the QR gateways.
import { AUTO_MODE, isQrGateway, PAYMENT_BANK_TYPE } from '@krapao/contracts/deposit';
import { fromMinor } from '@krapao/contracts/money';
import type {
  PageSetting,
  TDepositSetting,
  THouseEntry,
  TLastChange,
  TSettingsPage,
  TSettingValue,
} from '@krapao/contracts/ops/settings';
import { PAYMENT_SETTINGS, SITE_SWITCHES } from '@krapao/contracts/ops/settings';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAct } from '../audit/index.ts';
import { accountKey, createHouseReceipts } from './house-receipts.ts';
import { createLookupService } from './lookup.service.ts';
import { createSettingsRepository, isRegisterOtpOn, type SiteSettings } from './settings.repository.ts';
import { createSettingsChange } from './settings-change.ts';

type StoredDeposit = SiteSettings['deposit'];
type StoredEntry = StoredDeposit['banks'][number];

const PAGE_KEYS = [...SITE_SWITCHES, ...PAYMENT_SETTINGS];

/** A stored entry as the console edits it (older entries carry no on/off or cap). */
function entryOf(b: StoredEntry): THouseEntry {
  const isGateway = b.bankType === PAYMENT_BANK_TYPE;
  return {
    bankCode: b.bankCode,
    bankType: isGateway ? PAYMENT_BANK_TYPE : 'BANK',
    mode: b.mode === AUTO_MODE ? AUTO_MODE : 'SLIP',
    bankAccountName: b.bankAccountName,
    bankAccountNo: b.bankAccountNo,
    currency: b.currency,
    isEnabled: b.isEnabled !== false,
    dailyCap: b.dailyCap ?? null,
  };
}

export function createLookupOpsService(ctx: AppContext) {
  const settings = createSettingsRepository(ctx.db);
  const change = createSettingsChange(ctx);
  const lookup = createLookupService(ctx);
  const receipts = createHouseReceipts(ctx);

  async function storedDeposit(): Promise<StoredDeposit> {
    return (await settings.get('deposit')) ?? { banks: [], wallets: [], isManual: false, minimumDeposit: 0 };
  }

  /** The new deposit lookup: bank names from the banks table (a gateway keeps its own). */
  async function depositOf(value: TDepositSetting): Promise<StoredDeposit> {
    const before = await storedDeposit();
    const invalid: string[] = [];
    const banks: StoredEntry[] = [];
    for (const [i, entry] of value.banks.entries()) {
      if (entry.bankType === PAYMENT_BANK_TYPE) {
        if (!isQrGateway(entry.bankCode)) invalid.push(`banks.${i}.bankCode`);
        const known = before.banks.find((b) => b.bankType === PAYMENT_BANK_TYPE && b.bankCode === entry.bankCode);
        banks.push({ ...entry, bank: known?.bank ?? { nameTH: entry.bankCode, nameEN: entry.bankCode } });
        continue;
      }
      const bank = await lookup.registrableBank(entry.bankCode);
      if (!bank) invalid.push(`banks.${i}.bankCode`);
      banks.push({ ...entry, bank: { nameTH: bank?.nameTH ?? '', nameEN: bank?.nameEN ?? '' } });
    }
    if (invalid.length > 0) throw new AppError('KEY_INVALID', { fields: invalid });
    return { ...before, banks, wallets: value.wallets, isManual: value.isManual };
  }

  /** Each entry's credits of the business day, major units; null for a gateway. */
  async function receivedTodayOf(banks: StoredEntry[]): Promise<(number | null)[]> {
    const received = await receipts.receivedToday();
    return banks.map((b) =>
      b.bankType === PAYMENT_BANK_TYPE ? null : fromMinor(received.get(accountKey(b.bankAccountNo)) ?? 0n, b.currency),
    );
  }

  return {
    async page(): Promise<TSettingsPage> {
      const deposit = await storedDeposit();
      const last = await change.lastChanges(PAGE_KEYS);
      const lastChanges: Partial<Record<PageSetting, TLastChange>> = {};
      for (const [key, c] of last) lastChanges[key as PageSetting] = { at: c.at.toISOString(), staffName: c.staffName };
      return {
        active: (await settings.get('active')) ?? true,
        registerOTP: await isRegisterOtpOn(settings, ctx.config),
        enableChatWidget: (await settings.get('enableChatWidget')) ?? false,
        deposit: {
          banks: deposit.banks.map(entryOf),
          wallets: deposit.wallets.map((w) => ({
            mode: w.mode === AUTO_MODE ? AUTO_MODE : 'gift',
            walletAccountName: w.walletAccountName,
            ...(w.walletAccountNo ? { walletAccountNo: w.walletAccountNo } : {}),
          })),
          isManual: deposit.isManual,
        },
        depositMinimums: (await settings.get('depositMinimums')) ?? {},
        withdrawRules: (await settings.get('withdrawRules')) ?? {},
        slip: (await settings.get('slip')) ?? { closeStart: '23:50', closeEnd: '00:10' },
        lastChanges,
        receivedToday: await receivedTodayOf(deposit.banks),
        bankChoices: await lookup.banks(),
      };
    },
    /** Writes one setting (refused values change nothing); answers nothing, the page is read again. */
    async change<K extends PageSetting>(key: K, value: TSettingValue<K>, by: StaffAct): Promise<void> {
      if (key === 'deposit') {
        await change.set('deposit', await depositOf(value as TDepositSetting), by);
        return;
      }
      await change.set(
        key as Exclude<PageSetting, 'deposit'>,
        value as SiteSettings[Exclude<PageSetting, 'deposit'>],
        by,
      );
    },
  };
}
