// Staff accounts, as owners and admins manage them.
import { z } from 'zod';
import { ZStaffUsername } from './auth.ts';
import { STAFF_ROLES } from './roles.ts';

/** Why a person did something: required on every action that changes money or access. */
export const ZReason = z.string().trim().min(3).max(500);

export const ZStaff = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** active: may sign in; enrolling: waiting for the one-time link; disabled. */
  status: z.enum(['active', 'enrolling', 'disabled']),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type TStaff = z.infer<typeof ZStaff>;
export const ZStaffList = z.object({ items: z.array(ZStaff) });
export type TStaffList = z.infer<typeof ZStaffList>;

export const ZStaffCreateRequest = z.strictObject({
  username: ZStaffUsername,
  displayName: z.string().trim().min(1).max(64),
  role: z.enum(STAFF_ROLES),
});
export type TStaffCreateRequest = z.infer<typeof ZStaffCreateRequest>;
/** The one-time enrolment link (valid OPS_ENROL_HOURS), shown once to the creator. */
export const ZStaffEnrolLink = z.object({ staff: ZStaff, enrolUrl: z.string() });
export type TStaffEnrolLink = z.infer<typeof ZStaffEnrolLink>;

export const ZStaffParams = z.strictObject({ staffId: z.coerce.number().int().positive() });
export const ZStaffRoleRequest = z.strictObject({ role: z.enum(STAFF_ROLES), reason: ZReason });
export const ZStaffReasonRequest = z.strictObject({ reason: ZReason });
