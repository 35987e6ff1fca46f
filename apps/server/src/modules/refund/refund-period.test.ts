// Cashback periods: whole days, or weeks from Monday, in the site's time zone.
import { describe, expect, it } from 'vitest';
import { currentPeriod, lastClosedPeriod, startOfDay } from './refund-period.ts';
import { bangkok } from './testing.ts';

const BKK = 'Asia/Bangkok';
const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe('cashback periods', () => {
  it('day: the last closed day in Bangkok turns over at local midnight (17:00 UTC)', () => {
    expect(iso(lastClosedPeriod(bangkok('2026-03-10T23:59:59.999'), BKK, 'day'))).toEqual([
      '2026-03-08T17:00:00.000Z',
      '2026-03-09T17:00:00.000Z',
    ]);
    expect(iso(lastClosedPeriod(bangkok('2026-03-11T00:00:00'), BKK, 'day'))).toEqual([
      '2026-03-09T17:00:00.000Z',
      '2026-03-10T17:00:00.000Z',
    ]);
    // 16:59:59 UTC is 23:59:59 in Bangkok; 17:00 UTC is already the next day there.
    expect(iso(lastClosedPeriod(new Date('2026-03-10T16:59:59Z'), BKK, 'day'))[1]).toBe('2026-03-09T17:00:00.000Z');
    expect(iso(lastClosedPeriod(new Date('2026-03-10T17:00:00Z'), BKK, 'day'))[1]).toBe('2026-03-10T17:00:00.000Z');
  });

  it('week: Monday 00:00 to Monday 00:00 in Bangkok', () => {
    // 2026-03-16 is a Monday.
    expect(iso(lastClosedPeriod(bangkok('2026-03-16T00:00:00'), BKK, 'week'))).toEqual([
      '2026-03-08T17:00:00.000Z',
      '2026-03-15T17:00:00.000Z',
    ]);
    expect(iso(lastClosedPeriod(bangkok('2026-03-15T23:59:59'), BKK, 'week'))).toEqual([
      '2026-03-01T17:00:00.000Z',
      '2026-03-08T17:00:00.000Z',
    ]);
    expect(iso(currentPeriod(bangkok('2026-03-11T12:00:00'), BKK, 'week'))).toEqual([
      '2026-03-08T17:00:00.000Z',
      '2026-03-15T17:00:00.000Z',
    ]);
  });

  it('local midnight is found across a daylight-saving change (a day of 23 hours)', () => {
    // Berlin moves to summer time on 2026-03-29: that day has 23 hours.
    const day = Math.floor(Date.UTC(2026, 2, 29) / 86_400_000);
    expect(startOfDay(day, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay(day + 1, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(lastClosedPeriod(new Date('2026-03-30T10:00:00Z'), 'Europe/Berlin', 'day'))).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });

  it("Vientiane (the Laos build) shares Bangkok's offset", () => {
    expect(iso(lastClosedPeriod(bangkok('2026-03-11T00:00:01'), 'Asia/Vientiane', 'day'))[0]).toBe(
      '2026-03-09T17:00:00.000Z',
    );
  });
});
