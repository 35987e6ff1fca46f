// Player protection: deposit and loss limits over rolling periods, time-outs, self-exclusion and the
// reality check. Amounts are major units of the member's currency on the wire.
import { z } from 'zod';

export { protectionPaths } from './protection-paths.ts';

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** Rolling periods: 24 hours, 7 days, 30 days. */
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { DAY: 24, WEEK: 24 * 7, MONTH: 24 * 30 };
/** A raise or a removal waits this long before the member may confirm it. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

export const TIMEOUT_DURATIONS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y', 'permanent'] as const;
export type TimeoutDuration = (typeof TIMEOUT_DURATIONS)[number];
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];
export const EXCLUSION_KINDS = ['TIMEOUT', 'SELF_EXCLUSION'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
/** The shortest a self-exclusion may be before an admin may end it early (months). */
export const SELF_EXCLUSION_MIN_MONTHS = 6;

export const REALITY_CHECK_MINUTES = [0, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

const ZLimitAmount = z.number().finite().positive().max(1e12);

export const ZLimitRequest = z.strictObject({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** null removes the limit (after the delay). */
  amount: ZLimitAmount.nullable(),
});
export type TLimitRequest = z.infer<typeof ZLimitRequest>;

export const ZLimitRef = z.strictObject({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS) });
export type TLimitRef = z.infer<typeof ZLimitRef>;

export const ZExclusionRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('TIMEOUT'), duration: z.enum(TIMEOUT_DURATIONS) }),
  z.strictObject({ kind: z.literal('SELF_EXCLUSION'), duration: z.enum(SELF_EXCLUSION_DURATIONS) }),
]);
export type TExclusionRequest = z.infer<typeof ZExclusionRequest>;

export const ZRealityCheckRequest = z.strictObject({
  minutes: z.union([z.literal(0), z.literal(30), z.literal(60)]),
});

/** One limit: what is in force, what waits, and what the rolling period has used. */
export const ZLimitState = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().nullable(),
  /** A raise or removal waiting (pendingAmount null with pendingSince set = removal). */
  pendingAmount: z.number().nullable(),
  pendingSince: z.string().nullable(),
  /** From when the member may confirm the waiting change. */
  confirmableAt: z.string().nullable(),
  /** Deposited (DEPOSIT) or lost at play (LOSS) within the rolling period. */
  used: z.number(),
  /**
   * LOSS: the member's money in games now (and in transfers to or from them not yet settled), all of
   * which could still be lost: `remaining` counts it, less what play in the period has won. DEPOSIT: 0.
   */
  inGames: z.number(),
  /** What may still go in; null when no limit is in force. Never below 0. */
  remaining: z.number().nullable(),
});
export type TLimitState = z.infer<typeof ZLimitState>;

export const ZExclusionState = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  startsAt: z.string(),
  /** null: permanent. */
  endsAt: z.string().nullable(),
});
export type TExclusionState = z.infer<typeof ZExclusionState>;

export const ZProtectionState = z.object({
  currency: z.string(),
  limits: z.array(ZLimitState),
  exclusion: ZExclusionState.nullable(),
  realityCheckMinutes: z.number().int(),
});
export type TProtectionState = z.infer<typeof ZProtectionState>;

/** The reality check dialog: minutes since sign-in and the net result of settled play since then. */
export const ZSessionSummary = z.object({
  signedInAt: z.string(),
  minutesPlayed: z.number().int(),
  /** Won minus staked in settled game results since sign-in (negative: lost). */
  net: z.number(),
  currency: z.string(),
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

/**
 * The data of a refused money-in: PROTECTION_DEPOSIT_LIMIT / PROTECTION_LOSS_LIMIT name the
 * period that refused it and what remains; PROTECTION_EXCLUDED names the exclusion and its end.
 */
export const ZLimitRefusal = z.object({
  period: z.enum(LIMIT_PERIODS),
  remaining: z.number(),
  currency: z.string(),
});
export const ZExclusionRefusal = z.object({ kind: z.enum(EXCLUSION_KINDS), endsAt: z.string().nullable() });
