// The register wizard's rules (docs/product.md §2.3), free of React so they can be read and tested alone.
import type { TOtpSendResponse, TRegisterRequest } from '@krapao/contracts/auth';
import type { Currency } from '@krapao/contracts/constants';
import { MINOR_UNITS } from '@krapao/contracts/money';
import { moneyProblem } from '@krapao/contracts/money-input';
import { joinBankAccountName } from '@krapao/contracts/rules';

export type RegisterStep = 1 | 2 | 3 | 4;
export const REGISTER_STEPS: readonly RegisterStep[] = [1, 2, 3, 4];

export type ProfileValues = {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
};

export type BankValues = {
  bankCode: string;
  firstName: string;
  lastName: string;
  bankAccountNo: string;
  currency: Currency;
  /** The optional deposit limit per 24 hours as typed; empty: no limit. */
  depositLimitDay: string;
};

/** The highest deposit limit the server takes. */
export const DEPOSIT_LIMIT_MAX = 1e12;

/** Whether the typed deposit limit can be sent: empty, or above 0 in whole minor units of `currency`. */
export function depositLimitValid(text: string, currency: Currency): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (moneyProblem(trimmed, { max: DEPOSIT_LIMIT_MAX })) return false;
  return MINOR_UNITS[currency] !== 1 || /^\d+$/.test(trimmed);
}

/** OTP off → step 3 without sending; a send answered OTP_VERIFIED → step 3; otherwise step 2. */
export function stepAfterPhone(otpEnabled: boolean, sent?: Pick<TOtpSendResponse, 'code'>): RegisterStep {
  if (!otpEnabled) return 3;
  return sent?.code === 'OTP_VERIFIED' ? 3 : 2;
}

/** The registration payload; before step 4 the bank part is still empty. */
export function buildRegistration(
  phone: string,
  profile: ProfileValues,
  bank: BankValues | null,
  defaultCurrency: Currency,
): TRegisterRequest {
  return {
    name: profile.name.trim(),
    username: phone.trim(),
    password: profile.password,
    sourceCode: profile.sourceCode,
    inviteCode: profile.inviteCode.trim(),
    bankCode: bank?.bankCode ?? '',
    bankAccountName: bank ? joinBankAccountName(bank.firstName, bank.lastName) : '',
    bankAccountNo: bank?.bankAccountNo.trim() ?? '',
    currency: bank?.currency ?? defaultCurrency,
    ...(bank && bank.depositLimitDay.trim() !== '' ? { depositLimitDay: Number(bank.depositLimitDay.trim()) } : {}),
  };
}
