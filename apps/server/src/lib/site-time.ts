import { TIME_ZONE, TIME_ZONE_LAOS } from '@krapao/contracts/constants';

export function siteTimeZone(isLaos: boolean): string {
  return isLaos ? TIME_ZONE_LAOS : TIME_ZONE;
}

/** "HH:mm" of an instant in the site's time zone. */
export function siteHourMinute(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Whether "HH:mm" lies in [start, end), a window that may wrap past midnight. */
export function isWithinDailyWindow(hm: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? hm >= start && hm < end : hm >= start || hm < end;
}

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

/** The business day `at` falls in, in `timeZone`: from its local midnight to the next. */
export function siteDay(at: Date, timeZone: string): { start: Date; end: Date } {
  const day = dayNumber(at, timeZone);
  return { start: startOfDay(day, timeZone), end: startOfDay(day + 1, timeZone) };
}
