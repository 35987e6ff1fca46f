import { describe, expect, it } from 'vitest';
import { formatAccountNo, formatBankName, formatDate, formatNumber, formatRelative, relativeParts } from './format';
import { i18n } from './i18n';

describe('formatDate', () => {
  it('uses DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDate(new Date(2024, 0, 5, 9, 7, 3))).toBe('05/01/2024 09:07:03');
  });
  it('shows nothing for missing or invalid values', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatNumber', () => {
  it('shows at least two decimals', () => {
    expect(formatNumber(100)).toBe('100.00');
    expect(formatNumber(125.5)).toBe('125.50');
    expect(formatNumber(0)).toBe('0.00');
  });
  it('keeps extra decimals', () => {
    expect(formatNumber(12.345)).toBe('12.345');
  });
  it('groups thousands and reads numeric strings', () => {
    expect(formatNumber(1234567.8)).toBe('1,234,567.80');
    expect(formatNumber('20')).toBe('20.00');
  });
});

describe('formatAccountNo', () => {
  it('groups exactly ten digits 3-3-rest', () => {
    expect(formatAccountNo('1234567890')).toBe('123-456-7890');
  });
  it('leaves other lengths alone', () => {
    expect(formatAccountNo('123456789012')).toBe('123456789012');
    expect(formatAccountNo('123456789')).toBe('123456789');
    expect(formatAccountNo(undefined)).toBe('');
  });
});

describe('formatBankName', () => {
  it('upper-cases', () => {
    expect(formatBankName('Kasikorn bank')).toBe('KASIKORN BANK');
  });
});

describe('relative time', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('picks the largest whole unit, months being 30 days', () => {
    expect(relativeParts(ago(90), now)).toEqual({ unit: 'minute', count: 1 });
    expect(relativeParts(ago(45 * 86_400), now)).toEqual({ unit: 'month', count: 1 });
    expect(relativeParts(ago(400 * 86_400), now)).toEqual({ unit: 'year', count: 1 });
    expect(relativeParts(ago(3 * 3600 + 5), now)).toEqual({ unit: 'hour', count: 3 });
    expect(relativeParts(ago(2 * 86_400), now)).toEqual({ unit: 'day', count: 2 });
    expect(relativeParts(ago(12), now)).toEqual({ unit: 'second', count: 12 });
  });

  it('translates the unit', async () => {
    expect(formatRelative(i18n.t, ago(90), now)).toBe('1 minute ago');
    expect(formatRelative(i18n.t, ago(3 * 86_400), now)).toBe('3 days ago');
    await i18n.changeLanguage('th');
    expect(formatRelative(i18n.t, ago(45 * 86_400), now)).toBe('1 เดือนที่แล้ว');
    await i18n.changeLanguage('la');
    expect(formatRelative(i18n.t, ago(1), now)).toBe('1 ວິນາທີກ່ອນ');
    await i18n.changeLanguage('en');
  });
});
