// Validation rules that both the SPA forms and the server apply.
import { ENGLISH_ONLY_BANKS, PHONE_LENGTH } from './constants.ts';
import type { ErrorCode } from './errors.ts';

/** Thai build: exactly 10 digits. Laos build: no 10-digit rule, but still a plausible number. */
export function phoneError(phone: string, isLaos: boolean): ErrorCode | null {
  if (isLaos) return /^\d{6,15}$/.test(phone) ? null : 'INVALID_USER_INFO';
  return phone.length === PHONE_LENGTH && /^\d+$/.test(phone) ? null : 'PHONE_NUMBER_REQUIRE_10_DIGIT';
}

export function isEnglishOnlyBank(bankCode: string): boolean {
  return (ENGLISH_ONLY_BANKS as readonly string[]).includes(bankCode);
}

/** Letters and spaces only, any case. */
export function isEnglishName(name: string): boolean {
  return /^[A-Za-z ]+$/.test(name) && name.trim().length > 0;
}

export function bankAccountNameError(bankCode: string, name: string): ErrorCode | null {
  return isEnglishOnlyBank(bankCode) && !isEnglishName(name) ? 'BANK_ACCOUNT_NAME_ENG' : null;
}

/** First and last name each trimmed and joined by one space, in upper case. */
export function joinBankAccountName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.toUpperCase();
}

export function normalizeBankAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

export const BANK_ACCOUNT_NO_PATTERN = /^\d{6,20}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
