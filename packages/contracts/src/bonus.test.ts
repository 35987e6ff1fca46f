import { describe, expect, it } from 'vitest';
import { isBonusReceived } from './bonus.ts';
import { TIME_ZONE, TIME_ZONE_LAOS } from './constants.ts';

// Bangkok is UTC+7: 17:00Z is midnight there. 2025-03-03 was a Monday.
const at = (iso: string) => new Date(iso);
const limit = (maxReceived: number) => ({ type: 'limit' as const, maxReceived });
const day = (maxReceived: number) => ({ type: 'day' as const, maxReceived });
const week = (maxReceived: number) => ({ type: 'week' as const, maxReceived });

describe('isBonusReceived', () => {
  it('limit: every receipt counts, whenever it was', () => {
    const now = at('2025-06-01T00:00:00Z');
    expect(isBonusReceived(limit(1), [], now, TIME_ZONE)).toBe(false);
    expect(isBonusReceived(limit(1), ['2020-01-01T00:00:00Z'], now, TIME_ZONE)).toBe(true);
    expect(isBonusReceived(limit(2), ['2020-01-01T00:00:00Z'], now, TIME_ZONE)).toBe(false);
    expect(isBonusReceived(limit(2), [at('2020-01-01T00:00:00Z'), at('2024-01-01T00:00:00Z')], now, TIME_ZONE)).toBe(
      true,
    );
  });

  it('day: only receipts of the current calendar day in the site time zone', () => {
    const receipt = ['2025-03-03T16:59:59Z']; // 23:59:59 Monday in Bangkok
    expect(isBonusReceived(day(1), receipt, at('2025-03-03T10:00:00Z'), TIME_ZONE)).toBe(true);
    // 00:00 Tuesday in Bangkok, still Monday in UTC: a new day.
    expect(isBonusReceived(day(1), receipt, at('2025-03-03T17:00:00Z'), TIME_ZONE)).toBe(false);
    // A receipt just after Bangkok midnight counts for the new day although UTC says yesterday.
    expect(isBonusReceived(day(1), ['2025-03-03T17:00:00Z'], at('2025-03-04T02:00:00Z'), TIME_ZONE)).toBe(true);
    expect(isBonusReceived(day(2), ['2025-03-03T17:00:00Z'], at('2025-03-04T02:00:00Z'), TIME_ZONE)).toBe(false);
  });

  it('week: receipts from Monday 00:00 of the current week, site time zone', () => {
    const sundayNight = at('2025-03-09T16:30:00Z'); // Sunday 23:30 in Bangkok
    const mondayMidnight = at('2025-03-09T17:00:00Z'); // Monday 00:00 in Bangkok
    const receipts = ['2025-03-02T17:00:00Z', '2025-03-09T16:00:00Z']; // Monday 00:00 and Sunday 23:00
    expect(isBonusReceived(week(2), receipts, sundayNight, TIME_ZONE)).toBe(true);
    expect(isBonusReceived(week(2), receipts, mondayMidnight, TIME_ZONE)).toBe(false);
    // The Sunday before the week began does not count.
    expect(isBonusReceived(week(1), ['2025-03-02T16:59:59Z'], sundayNight, TIME_ZONE)).toBe(false);
  });

  it('Vientiane shares Bangkok’s offset; another zone moves the boundaries', () => {
    const receipt = ['2025-03-03T16:59:59Z'];
    const now = at('2025-03-03T17:00:00Z');
    expect(isBonusReceived(day(1), receipt, now, TIME_ZONE_LAOS)).toBe(false);
    expect(isBonusReceived(day(1), receipt, now, 'UTC')).toBe(true);
  });
});
