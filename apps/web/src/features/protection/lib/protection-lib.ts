// Pure rules of the protection screens: which limit is which, when a waiting change may be confirmed,
// when the reality check is next due, and whether the first-deposit offer is still to be shown.
import type { LimitKind, LimitPeriod, TLimitState, TProtectionState } from '@krapao/contracts/protection';

const MINUTE_MS = 60_000;

/** The state of one limit; an empty one (no limit, nothing used) when the server listed none. */
export function limitOf(state: TProtectionState | undefined, kind: LimitKind, period: LimitPeriod): TLimitState {
  const found = state?.limits.find((limit) => limit.kind === kind && limit.period === period);
  return (
    found ?? {
      kind,
      period,
      amount: null,
      pendingAmount: null,
      pendingSince: null,
      confirmableAt: null,
      used: 0,
      inGames: 0,
      remaining: null,
    }
  );
}

/** A raise or a removal waits (pendingAmount null with pendingSince set is a removal). */
export function hasPendingChange(limit: TLimitState): boolean {
  return limit.pendingSince !== null;
}

export function canConfirm(limit: TLimitState, now: Date = new Date()): boolean {
  return limit.confirmableAt !== null && new Date(limit.confirmableAt).getTime() <= now.getTime();
}

/** A new amount above the one in force waits 24 hours; a first limit or a lower one applies at once. */
export function isRaise(limit: TLimitState, amount: number): boolean {
  return limit.amount !== null && amount > limit.amount;
}

export function hasDepositLimit(state: TProtectionState | undefined): boolean {
  return (state?.limits ?? []).some((limit) => limit.kind === 'DEPOSIT' && limit.amount !== null);
}

/**
 * When the next reality check is due: the next whole multiple of `minutes` after sign-in that is
 * still ahead of `now`. null when the check is off.
 */
export function nextCheckAt(signedInAt: string, minutes: number, now: Date = new Date()): Date | null {
  if (!(minutes > 0)) return null;
  const start = new Date(signedInAt).getTime();
  if (!Number.isFinite(start)) return null;
  const step = minutes * MINUTE_MS;
  const passed = Math.max(0, now.getTime() - start);
  return new Date(start + (Math.floor(passed / step) + 1) * step);
}

const OFFER_KEY = 'krapao.depositLimitOffer';

function answeredMembers(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OFFER_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The member answered the first-deposit offer (either way) on this browser. */
export function hasAnsweredOffer(memberId: string): boolean {
  return answeredMembers().includes(memberId);
}

export function rememberOfferAnswer(memberId: string): void {
  const members = answeredMembers();
  if (members.includes(memberId)) return;
  try {
    localStorage.setItem(OFFER_KEY, JSON.stringify([...members, memberId]));
  } catch {
    // Private mode or a full quota: the offer may show once more.
  }
}

/** The offer shows to a member with no deposit limit, no deposit yet, who has not answered it here. */
export function offersDepositLimit(
  state: TProtectionState | undefined,
  memberId: string,
  hasDeposited: boolean,
): boolean {
  if (!state || !memberId || hasDeposited || hasDepositLimit(state)) return false;
  return !hasAnsweredOffer(memberId);
}
