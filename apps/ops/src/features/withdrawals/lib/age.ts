// How long a withdrawal has waited, in its largest whole units.
import type { TFunction } from 'i18next';

export function waitedFor(t: TFunction, fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('age.days', { days, hours });
  if (hours > 0) return t('age.hours', { hours, minutes: minutes % 60 });
  return t('age.minutes', { minutes });
}

/** An account's age in whole days. */
export const daysSince = (fromIso: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(fromIso)) / 86_400_000));
