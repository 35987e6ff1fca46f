// Splits the deposit lookup into QR gateways and house bank accounts.
import { isQrGateway, PAYMENT_BANK_TYPE, type QrGateway } from '@krapao/contracts/deposit';
import type { TDepositLookup } from '@krapao/contracts/lookup';

export type DepositBank = TDepositLookup['banks'][number];

export type DepositChannels = { gateways: QrGateway[]; accounts: DepositBank[] };

/**
 * PAYMENT entries are gateways: KBANK, WW and PAYTIMZ get one QR panel each, in the lookup's order;
 * other PAYMENT codes have no panel and are ignored. Every other entry is an account to transfer to.
 */
export function depositChannels(banks: DepositBank[]): DepositChannels {
  const gateways: QrGateway[] = [];
  const accounts: DepositBank[] = [];
  for (const bank of banks) {
    if (bank.bankType !== PAYMENT_BANK_TYPE) accounts.push(bank);
    else if (isQrGateway(bank.bankCode) && !gateways.includes(bank.bankCode)) gateways.push(bank.bankCode);
  }
  return { gateways, accounts };
}

/** Currencies are worth showing only when the lookup has more than one, or any that is not baht. */
export function showsCurrency(banks: DepositBank[]): boolean {
  const currencies = new Set(banks.map((bank) => bank.currency));
  return currencies.size > 1 || banks.some((bank) => bank.currency !== 'BAHT');
}

/** The currency of the minimum deposit: the accounts' one when they agree, else the build's default. */
export function depositCurrency(banks: DepositBank[], fallback: string): string {
  const currencies = new Set(banks.map((bank) => bank.currency));
  const [only] = currencies;
  return currencies.size === 1 && only ? only : fallback;
}
