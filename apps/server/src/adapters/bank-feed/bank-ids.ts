// The 3-digit bank ids of Thai interbank transfers (the Bank of Thailand's institution codes), as the
// slip mini-QR carries them in its sending-bank field. Laos banks are not in that list: the sandbox
// gives them private ids from 901 up, a range no Thai institution uses.

export const BANK_IDS: Readonly<Record<string, string>> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  TTB: '011',
  SCB: '014',
  CIMBT: '022',
  UOB: '024',
  UOBT: '024',
  BAY: '025',
  GSB: '030',
  GHB: '033',
  BAAC: '034',
  TISCO: '067',
  KKP: '069',
  LHB: '073',
  // Private sandbox ids (not Thai institutions).
  BCEL: '901',
  LDB: '902',
  JDB: '903',
};

/** The sending-bank id of a bank code, or null when the bank is unknown. */
export function sendingBankId(bankCode: string): string | null {
  return Object.hasOwn(BANK_IDS, bankCode) ? (BANK_IDS[bankCode] ?? null) : null;
}
