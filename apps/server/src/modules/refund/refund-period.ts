// Cashback periods: calendar days, or weeks from Monday, in the site's time zone. The
// last closed period is the whole day (week) before the one `now` falls in.
import { dayNumber, startOfDay } from '../../lib/site-time.ts';
import type { RefundPeriod } from './refund-rules.ts';

export { startOfDay };

export type Period = { start: Date; end: Date };

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
function weekdayFromMonday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The period `now` falls in. */
export function currentPeriod(now: Date, timeZone: string, period: RefundPeriod): Period {
  const today = dayNumber(now, timeZone);
  const first = period === 'week' ? today - weekdayFromMonday(today) : today;
  const length = period === 'week' ? 7 : 1;
  return { start: startOfDay(first, timeZone), end: startOfDay(first + length, timeZone) };
}

/** The whole period before the one `now` falls in. */
export function lastClosedPeriod(now: Date, timeZone: string, period: RefundPeriod): Period {
  const current = currentPeriod(now, timeZone, period);
  return currentPeriod(new Date(current.start.getTime() - 1), timeZone, period);
}
