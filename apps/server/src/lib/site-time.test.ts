import { describe, expect, it } from 'vitest';
import { isWithinDailyWindow, siteHourMinute } from './site-time.ts';

describe('site time', () => {
  it('reads the hour and minute in the site time zone', () => {
    expect(siteHourMinute(new Date('2026-01-01T17:30:00Z'), 'Asia/Bangkok')).toBe('00:30');
    expect(siteHourMinute(new Date('2026-01-01T16:55:00Z'), 'Asia/Vientiane')).toBe('23:55');
  });

  it('handles a window that wraps past midnight', () => {
    expect(isWithinDailyWindow('23:55', '23:50', '00:10')).toBe(true);
    expect(isWithinDailyWindow('00:05', '23:50', '00:10')).toBe(true);
    expect(isWithinDailyWindow('00:10', '23:50', '00:10')).toBe(false);
    expect(isWithinDailyWindow('12:00', '23:50', '00:10')).toBe(false);
    expect(isWithinDailyWindow('02:00', '01:00', '03:00')).toBe(true);
    expect(isWithinDailyWindow('02:00', '02:00', '02:00')).toBe(false);
  });
});
