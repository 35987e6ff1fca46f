// Cashback periods: calendar days, or weeks from Monday, in the site's time zone. The
// last closed period is the whole day (week) before the one `now` falls in.
import type { RefundPeriod } from './refund-rules.ts';

export type Period = { start: Date; end: Date };

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the calendar date at `at` in `timeZone`. */
export function dayNumber(at: Date, timeZone: string): number {
  const local = wallClock(at, timeZone);
  return Math.floor(local / DAY_MS);
}

/** The wall-clock time at `at` in `timeZone`, as milliseconds of a UTC date with those fields. */
function wallClock(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [year, month, day] = [field('year'), field('month'), field('day')];
  const [hour, minute, second] = [field('hour'), field('minute'), field('second')];
  return Date.UTC(year, month - 1, day, hour, minute, second) + (at.getTime() % 1000);
}

/** The instant local midnight starts calendar day `day` in `timeZone` (offset changes included). */
export function startOfDay(day: number, timeZone: string): Date {
  const midnight = day * DAY_MS;
  let guess = midnight;
  // Two rounds settle the offset, also across a daylight-saving change.
  for (let i = 0; i < 2; i++) guess = midnight - (wallClock(new Date(guess), timeZone) - guess);
  return new Date(guess);
}

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
