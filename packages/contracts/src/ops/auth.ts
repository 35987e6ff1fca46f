// Staff sign-in: password (argon2id) plus a TOTP code (RFC 6238, 6 digits, 30 s), enrolled through
// a one-time link on first sign-in.
import { z } from 'zod';
import { PERMISSION_NAMES, STAFF_ROLES } from './roles.ts';

export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;

export const ZStaffUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/);
export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const ZStaffPassword = z.string().min(STAFF_PASSWORD_MIN_LENGTH).max(STAFF_PASSWORD_MAX_LENGTH);

export const ZOpsLoginRequest = z.strictObject({
  username: ZStaffUsername,
  password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
  code: ZTotpCode,
});
export type TOpsLoginRequest = z.infer<typeof ZOpsLoginRequest>;

export const ZStaffMe = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSION_NAMES as [string, ...string[]])),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;
export const ZOpsSessionResponse = z.object({ staff: ZStaffMe });
export type TOpsSessionResponse = z.infer<typeof ZOpsSessionResponse>;

/** GET opsPaths.enrol: what the one-time link shows before the staff member sets a password. */
export const ZOpsEnrolInfo = z.object({
  username: z.string(),
  displayName: z.string(),
  /** Base32 TOTP secret, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/... for a QR code. */
  otpauthUri: z.string(),
});
export type TOpsEnrolInfo = z.infer<typeof ZOpsEnrolInfo>;
/** POST opsPaths.enrol: sets the password and proves the authenticator with its first code; signs in. */
export const ZOpsEnrolRequest = z.strictObject({ password: ZStaffPassword, code: ZTotpCode });
export type TOpsEnrolRequest = z.infer<typeof ZOpsEnrolRequest>;
