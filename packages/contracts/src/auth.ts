// Login, registration and OTP (docs/product.md §2.2, §2.3).
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules.ts';

export { authPaths } from './auth-paths.ts';

export const ZLoginRequest = z.strictObject({
  username: z.string().trim().min(1).max(32),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({ token: z.string() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZOtpSendRequest = z.strictObject({ phoneNumber: z.string().trim().min(1).max(20) });
export type TOtpSendRequest = z.infer<typeof ZOtpSendRequest>;
/** `code` is OTP_VERIFIED when the phone already has a fresh verify (the wizard skips step 2; otpToken is then empty). */
export const ZOtpSendResponse = z.object({
  otpRef: z.string(),
  otpToken: z.string(),
  code: z.enum(['SUCCESS', 'OTP_VERIFIED']),
});
export type TOtpSendResponse = z.infer<typeof ZOtpSendResponse>;

export const ZOtpVerifyRequest = z.strictObject({
  otpToken: z.string().min(1).max(200),
  otpCode: z.string().trim().min(1).max(12),
});
export type TOtpVerifyRequest = z.infer<typeof ZOtpVerifyRequest>;
export const ZOtpVerifyResponse = z.object({ code: z.literal('OTP_CODE_VALID') });
export type TOtpVerifyResponse = z.infer<typeof ZOtpVerifyResponse>;

const optionalCode = z.string().trim().max(32).optional().default('');

/** The registration payload; POST /api/account/validate and POST /api/account. */
export const ZRegisterRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(20),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  sourceCode: optionalCode,
  inviteCode: optionalCode,
  bankCode: z.string().trim().min(1).max(16),
  bankAccountName: z.string().trim().min(1).max(100),
  bankAccountNo: z.string().trim().min(1).max(20),
  currency: z
    .union([z.enum(CURRENCIES), z.literal('')])
    .optional()
    .default(''),
  /** Step 4's optional deposit limit per 24 hours (major units); absent or null: none. */
  depositLimitDay: z.number().finite().positive().max(1e12).nullish(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * Step 3 validates before the bank step: the same payload, with the bank fields still
 * allowed empty. Whatever is filled in is checked; a deposit limit is not looked at.
 */
export const ZRegisterValidateRequest = ZRegisterRequest.extend({
  bankCode: z.string().trim().max(16).optional().default(''),
  bankAccountName: z.string().trim().max(100).optional().default(''),
  bankAccountNo: z.string().trim().max(20).optional().default(''),
});
export type TRegisterValidatePayload = z.output<typeof ZRegisterValidateRequest>;
export type TRegisterPayload = z.output<typeof ZRegisterRequest>;
export const ZRegisterResponse = z.object({ message: z.literal('SUCCESS'), _id: z.string() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;
export const ZValidateResponse = z.object({ message: z.literal('OK') });
export type TValidateResponse = z.infer<typeof ZValidateResponse>;
