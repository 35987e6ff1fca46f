// The minimum term of an exclusion: calendar months from its start, never for a time-out or a permanent one.
import { describe, expect, it } from 'vitest';
import { addMonths, endableFrom } from './protection-ops.service.ts';

const d = (s: string) => new Date(s);

describe('addMonths', () => {
  it('adds calendar months and keeps to the last day of a shorter month', () => {
    expect(addMonths(d('2026-01-15T10:00:00Z'), 6).toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(addMonths(d('2025-08-31T10:00:00Z'), 6).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2027-08-31T00:00:00Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(d('2026-03-31T00:00:00Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('endableFrom', () => {
  const startsAt = d('2026-01-10T00:00:00Z');
  it('is 6 months after the start of a self-exclusion with an end', () => {
    const endsAt = d('2027-01-10T00:00:00Z');
    expect(endableFrom({ kind: 'SELF_EXCLUSION', startsAt, endsAt })?.toISOString()).toBe('2026-07-10T00:00:00.000Z');
  });
  it('is never for a time-out or a permanent self-exclusion', () => {
    expect(endableFrom({ kind: 'TIMEOUT', startsAt, endsAt: d('2026-02-09T00:00:00Z') })).toBeNull();
    expect(endableFrom({ kind: 'SELF_EXCLUSION', startsAt, endsAt: null })).toBeNull();
  });
});
