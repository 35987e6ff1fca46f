// The audit trail: every staff action and every money move a person caused, hash-chained.
import { z } from 'zod';

/** Who acted: a staff member, a member (self-service that staff must see), or the system (a job). */
export const AUDIT_ACTORS = ['staff', 'member', 'system'] as const;

export const ZAuditEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.enum(AUDIT_ACTORS),
  staffId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  /** Dotted verb, e.g. `staff.create`, `withdrawal.approve`, `member.lock`. */
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  memberId: z.number().int().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string().nullable(),
  hash: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** GET opsPaths.audit: newest first; `beforeSeq` pages back. Filters combine. */
export const ZAuditQuery = z.strictObject({
  memberId: z.coerce.number().int().positive().optional(),
  staffId: z.coerce.number().int().positive().optional(),
  objectType: z.string().trim().min(1).max(40).optional(),
  objectId: z.string().trim().min(1).max(80).optional(),
  beforeSeq: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditPage = z.object({ items: z.array(ZAuditEntry), nextBeforeSeq: z.number().int().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;
