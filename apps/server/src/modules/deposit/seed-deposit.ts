// What GET /api/lookup/deposit lists on a fresh install: the house's receiving bank accounts, the
// three QR gateways and the TrueMoney wallets (the sandbox parties answer for all of them).
import type { TDepositLookup } from '@krapao/contracts/lookup';

const bank = (
  bankCode: string,
  nameTH: string,
  nameEN: string,
  mode: string,
  bankAccountName: string,
  bankAccountNo: string,
  currency: 'BAHT' | 'LAK' = 'BAHT',
) => ({ bankCode, bankType: 'BANK', mode, bank: { nameTH, nameEN }, bankAccountName, bankAccountNo, currency });

const gateway = (bankCode: string, nameTH: string, nameEN: string) => ({
  bankCode,
  bankType: 'PAYMENT',
  mode: 'AUTO',
  bank: { nameTH, nameEN },
  bankAccountName: 'KRAPAO CO., LTD.',
  bankAccountNo: '',
  currency: 'BAHT' as const,
});

/** The house's receiving accounts: a transfer to an AUTO account is credited from the bank feed. */
export const HOUSE_BANK_ACCOUNTS = [
  bank('SCB', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank', 'AUTO', 'KRAPAO CO., LTD.', '4071234567'),
  bank('KBANK', 'ธนาคารกสิกรไทย', 'Kasikornbank', 'SLIP', 'KRAPAO CO., LTD.', '0591234567'),
  bank('GSB', 'ธนาคารออมสิน', 'Government Savings Bank', 'SLIP', 'KRAPAO CO., LTD.', '0201234567'),
];
export const HOUSE_BANK_ACCOUNT_LAOS = bank(
  'BCEL',
  'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
  'Banque pour le Commerce Exterieur Lao',
  'SLIP',
  'KRAPAO LAO CO., LTD.',
  '0101234567890',
  'LAK',
);

/** The house TrueMoney wallet that AUTO-mode transfers go to. */
export const HOUSE_TRUEMONEY_WALLET = '0612345678';

export function seedDepositLookup(laos: boolean): TDepositLookup {
  return {
    banks: [
      ...(laos ? [HOUSE_BANK_ACCOUNT_LAOS] : []),
      ...HOUSE_BANK_ACCOUNTS,
      gateway('KBANK', 'คิวอาร์ กสิกรไทย', 'KBank QR'),
      gateway('WW', 'คิวอาร์ WW', 'WW QR'),
      gateway('PAYTIMZ', 'คิวอาร์ PAYTIMZ', 'PAYTIMZ QR'),
    ],
    wallets: [
      { mode: 'AUTO', walletAccountName: 'KRAPAO WALLET', walletAccountNo: HOUSE_TRUEMONEY_WALLET },
      { mode: 'gift', walletAccountName: 'KRAPAO WALLET' },
    ],
    isManual: false,
    minimumDeposit: laos ? 1_000 : 1,
  };
}

/** The minimum deposit of each currency (major units): 1 baht, 1,000 kip, in every build. */
export const SEED_DEPOSIT_MINIMUMS = { BAHT: 1, LAK: 1_000 } as const;
