// How long something has waited, in the largest whole units that matter: "3 d 4 h", "2 h 5 min",
// "7 min". The words come from the caller's namespace (its `age.days`, `age.hours`, `age.minutes`).
import type { TFunction } from 'i18next';

export type AgeParts = { days: number; hours: number; minutes: number };

export function ageOf(fromIso: string, nowIso: string): AgeParts {
  const minutes = Math.max(0, Math.floor((Date.parse(nowIso) - Date.parse(fromIso)) / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

export function waitedFor(t: TFunction, fromIso: string, now: number): string {
  const { days, hours, minutes } = ageOf(fromIso, new Date(now).toISOString());
  if (days > 0) return t('age.days', { days, hours });
  if (hours > 0) return t('age.hours', { hours, minutes });
  return t('age.minutes', { minutes });
}

/** An account's age in whole days. */
export const daysSince = (fromIso: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(fromIso)) / 86_400_000));
