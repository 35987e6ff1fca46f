// The console's view of player protection: a member's limits, exclusions and their history
// (protection.read), ending an exclusion after its minimum term (protection.end), and the report of
// members who hit a limit. Amounts are major units of the member's currency.
import { z } from 'zod';
import { EXCLUSION_KINDS, ZLimitState } from '../protection.ts';
import { ZReason } from './staff.ts';

export const opsProtectionPaths = {
  /** GET: limits in force and waiting with what each has used, exclusions, history (newest first). */
  member: '/api/ops/members/:memberId/protection',
  /** POST { reason }: ends an exclusion early; only after its minimum term, never a time-out or a permanent one. */
  endExclusion: '/api/ops/members/:memberId/protection/exclusions/:exclusionId/end',
  /** GET ?from&to&page&limit: members who hit a limit in the range, and how many exclusions are in force. */
  report: '/api/ops/protection/report',
} as const;

export const ZOpsExclusionParams = z.strictObject({
  memberId: z.coerce.number().int().positive(),
  exclusionId: z.coerce.number().int().positive(),
});

export const ZEndExclusionRequest = z.strictObject({ reason: ZReason });
export type TEndExclusionRequest = z.infer<typeof ZEndExclusionRequest>;

export const ZOpsExclusion = z.object({
  id: z.number().int(),
  kind: z.enum(EXCLUSION_KINDS),
  startsAt: z.string(),
  /** null: permanent. */
  endsAt: z.string().nullable(),
  /** In force now: started, not over, not ended. */
  inForce: z.boolean(),
  /** From when an admin may end it early; null: never (a time-out, a permanent self-exclusion). */
  endableFrom: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type TOpsExclusion = z.infer<typeof ZOpsExclusion>;

export const ZOpsProtectionEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** The staff member who acted (display name); null: the member or the system. */
  staffName: z.string().nullable(),
  createdAt: z.string(),
});
export type TOpsProtectionEvent = z.infer<typeof ZOpsProtectionEvent>;

export const ZOpsMemberProtection = z.object({
  memberId: z.number().int(),
  currency: z.string(),
  realityCheckMinutes: z.number().int(),
  limits: z.array(ZLimitState),
  /** Newest first: current and past. */
  exclusions: z.array(ZOpsExclusion),
  /** protection_events, newest first, the latest PROTECTION_HISTORY_LIMIT. */
  history: z.array(ZOpsProtectionEvent),
});
export type TOpsMemberProtection = z.infer<typeof ZOpsMemberProtection>;

/** How many history rows the member's protection panel shows. */
export const PROTECTION_HISTORY_LIMIT = 100;
/** The report's range when none is given: the last 7 days. */
export const PROTECTION_REPORT_DEFAULT_DAYS = 7;

/** The events that mean a member hit a limit. */
export const LIMIT_HIT_EVENTS = ['DEPOSIT_LIMIT_REFUSED', 'DEPOSIT_LIMIT_PASSED', 'LOSS_LIMIT_REFUSED'] as const;

export const ZProtectionReportQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { path: ['to'] });
export type TProtectionReportQuery = z.input<typeof ZProtectionReportQuery>;

export const ZProtectionReportRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  name: z.string(),
  currency: z.string(),
  depositRefused: z.number().int(),
  depositPassed: z.number().int(),
  lossRefused: z.number().int(),
  lastAt: z.string(),
});
export type TProtectionReportRow = z.infer<typeof ZProtectionReportRow>;

export const ZProtectionReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Members on a time-out or self-excluded right now. */
  currentExclusions: z.object({ timeout: z.number().int(), selfExclusion: z.number().int() }),
  /** Most recent hit first. */
  items: z.array(ZProtectionReportRow),
  hasMore: z.boolean(),
});
export type TProtectionReport = z.infer<typeof ZProtectionReport>;
