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
