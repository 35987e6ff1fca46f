// What each player-protection event records (protection_events.detail), by kind. The server writes
// these shapes and the console reads them back to say what happened. Amounts are numbers in major
// units of `currency`, the member's currency at the time.
import { z } from 'zod';
import {
  EXCLUSION_KINDS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  SELF_EXCLUSION_DURATIONS,
  TIMEOUT_DURATIONS,
} from '../protection.ts';

const ZLimitKind = z.enum(LIMIT_KINDS);
const ZPeriod = z.enum(LIMIT_PERIODS);
const ZExclusionKind = z.enum(EXCLUSION_KINDS);

/** A member's own change of a limit; `amount` is what was asked (null: removal), `previous` what was in force. */
const ZLimitChange = z.object({
  kind: ZLimitKind,
  period: ZPeriod,
  currency: z.string(),
  amount: z.number().nullable(),
  previous: z.number().nullable(),
  /** Set while registering (a first deposit limit chosen on the form). */
  source: z.literal('REGISTRATION').optional(),
});

export const PROTECTION_EVENT_DETAILS = {
  LIMIT_SET: ZLimitChange,
  LIMIT_LOWERED: ZLimitChange,
  LIMIT_RAISE_ASKED: ZLimitChange,
  LIMIT_REMOVE_ASKED: ZLimitChange,
  /** A waiting raise or removal dropped: the limit stays at `amount`; `pendingAmount` was the raise (null: a removal). */
  LIMIT_CANCELLED: z.object({
    kind: ZLimitKind,
    period: ZPeriod,
    currency: z.string(),
    amount: z.number().nullable(),
    pendingAmount: z.number().nullable(),
  }),
  /** A waiting raise or removal confirmed: `amount` is the limit now (null: removed). */
  LIMIT_CONFIRMED: z.object({ kind: ZLimitKind, period: ZPeriod, currency: z.string(), amount: z.number().nullable() }),
  /** A deposit asked through `channel` (QR, TRUEMONEY) and refused: the tightest limit had `remaining` left. */
  DEPOSIT_LIMIT_REFUSED: z.object({
    channel: z.string(),
    amount: z.number(),
    period: ZPeriod,
    remaining: z.number(),
    currency: z.string(),
  }),
  /** Money that arrived without asking took the period's credited deposits (`used`) past `limit`. */
  DEPOSIT_LIMIT_PASSED: z.object({ period: ZPeriod, limit: z.number(), used: z.number(), currency: z.string() }),
  /** Money into a game refused: the tightest loss limit had `remaining` left. */
  LOSS_LIMIT_REFUSED: z.object({ amount: z.number(), period: ZPeriod, remaining: z.number(), currency: z.string() }),
  /** `endsAt` null: permanent. */
  EXCLUSION_STARTED: z.object({
    id: z.number(),
    kind: ZExclusionKind,
    duration: z.enum([...TIMEOUT_DURATIONS, ...SELF_EXCLUSION_DURATIONS]),
    endsAt: z.string().nullable(),
  }),
  /** Ended early by a staff member, with the reason they gave. */
  EXCLUSION_ENDED: z.object({
    exclusionId: z.number(),
    kind: ZExclusionKind,
    endsAt: z.string().nullable(),
    reason: z.string(),
  }),
  /** 0: off. */
  REALITY_CHECK_SET: z.object({ minutes: z.number().int() }),
} as const;

export type ProtectionEventKind = keyof typeof PROTECTION_EVENT_DETAILS;
export type ProtectionEventDetail<K extends ProtectionEventKind> = z.infer<(typeof PROTECTION_EVENT_DETAILS)[K]>;
