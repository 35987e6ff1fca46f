// Profile, bank account and password (docs/product.md §2.7).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules.ts';

export const accountPaths = {
  profile: '/api/account/profile',
  bankAccountName: '/api/account/bankAccountName',
  changePassword: '/api/account/changepwd',
  /** The terms' acceptance, recorded but never shown (decision 053): GET whether accepted, PUT to accept. */
  agreement: '/api/account/agreement',
} as const;

export const ZAgreementState = z.object({ accepted: z.boolean(), acceptedAt: z.string().nullable() });
export type TAgreementState = z.infer<typeof ZAgreementState>;

export const ZProfile = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  createdAt: z.string(),
  coin: z.number(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZBankName = z.object({ nameTH: z.string(), nameEN: z.string() });
export const ZBankAccount = z.object({
  bank: ZBankName,
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZProfileResponse = z.object({ profile: ZProfile, bankAccount: ZBankAccount.nullable() });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

/** Only the name changes; bank code and number, when sent, must be the registered ones. */
export const ZProfileUpdateRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  bankCode: z.string().trim().max(16).optional(),
  bankAccountName: z.string().trim().max(100).optional(),
  bankAccountNo: z.string().trim().max(20).optional(),
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZBankAccountNameRequest = z.strictObject({
  bankCode: z.string().trim().min(1).max(16),
  bankAccountName: z.string().trim().min(1).max(100),
});
export type TBankAccountNameRequest = z.infer<typeof ZBankAccountNameRequest>;
export const ZBankAccountNameResponse = z.object({ message: z.literal('SUCCESS'), bankAccount: ZBankAccount });
export type TBankAccountNameResponse = z.infer<typeof ZBankAccountNameResponse>;

export const ZChangePasswordRequest = z.strictObject({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
/** Every session is revoked; the device that changed the password gets a fresh token. */
export const ZChangePasswordResponse = z.object({ message: z.literal('SUCCESS'), token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
