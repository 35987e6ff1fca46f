// The house's receiving bank accounts are the bank entries of the deposit lookup: the
// gateways (bankType PAYMENT) are not bank accounts. Its `mode` says how a transfer is credited.
import { AUTO_MODE, PAYMENT_BANK_TYPE } from '@krapao/contracts/deposit';
import type { TDepositLookup } from '@krapao/contracts/lookup';

export type ReceivingAccount = {
  bankCode: string;
  accountNo: string;
  /** AUTO: the bank feed credits a registered sender at once. Anything else: slip or notice. */
  isAuto: boolean;
  currency: TDepositLookup['banks'][number]['currency'];
};

const digits = (accountNo: string) => accountNo.replace(/\D/g, '');

export function receivingAccounts(lookup: Pick<TDepositLookup, 'banks'>): ReceivingAccount[] {
  return lookup.banks
    .filter((b) => b.bankType !== PAYMENT_BANK_TYPE && digits(b.bankAccountNo) !== '')
    .map((b) => ({
      bankCode: b.bankCode,
      accountNo: digits(b.bankAccountNo),
      isAuto: b.mode === AUTO_MODE,
      currency: b.currency,
    }));
}

/** The house account a transfer went to, or undefined (a mistyped account is not the house's). */
export function receivingAccountOf(
  accounts: ReceivingAccount[],
  accountNo: string,
  bankCode?: string,
): ReceivingAccount | undefined {
  const no = digits(accountNo);
  return accounts.find((a) => a.accountNo === no && (bankCode === undefined || a.bankCode === bankCode));
}
