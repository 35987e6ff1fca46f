// Bank names and the bank-name edit (docs/product.md §2.7).
import type { TBankAccount } from '@krapao/contracts/account';
import { bankAccountNameError } from '@krapao/contracts/rules';

/** Thai shows nameTH; English and Lao show nameEN (there are no Lao bank names), falling back to Thai. */
export function bankDisplayName(bank: { nameTH: string; nameEN: string }, language: string): string {
  if (language === 'th') return bank.nameTH || bank.nameEN;
  return bank.nameEN || bank.nameTH;
}

/**
 * The edit is offered before copying a house account when the member's registered bank is KTB, TMB
 * or BBL and the holder name on file is not Latin letters.
 */
export function needsBankNameEdit(bankAccount: TBankAccount | null | undefined): boolean {
  if (!bankAccount) return false;
  return bankAccountNameError(bankAccount.bankCode, bankAccount.bankAccountName.trim()) !== null;
}
