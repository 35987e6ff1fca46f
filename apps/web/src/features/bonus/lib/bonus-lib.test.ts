import { NOTICE_PERCENT_FAIL } from '@krapao/contracts/lookup';
import { describe, expect, it } from 'vitest';
import { bonus, PROGRESS } from '../testing';
import { bonusCardState, siteTimeZone } from './bonus-card-state';
import { bonusNotice } from './bonus-notice';
import { progressBar, remainingToTarget } from './condition-progress';
import { promotionCode, searchableCode } from './promotion-code';

describe('bonus helpers', () => {
  it('counts days and weeks in the build time zone: Bangkok, or Vientiane in the Laos build', () => {
    expect(siteTimeZone(false)).toBe('Asia/Bangkok');
    expect(siteTimeZone(true)).toBe('Asia/Vientiane');
  });

  it('a current bonus stays openable even when its last receipt used up maxReceived', () => {
    const used = { _id: 'u', received: [{ updatedAt: '2025-01-01T00:00:00Z' }] };
    expect(bonusCardState(bonus('A', { userBonus: { ...used, isActive: true } }))).toBe('active');
    expect(bonusCardState(bonus('A', { userBonus: { ...used, isActive: false } }))).toBe('received');
  });

  it('fills every percent-fail placeholder of the notice, and copes with a missing notice', () => {
    expect(bonusNotice(`below ${NOTICE_PERCENT_FAIL}% and ${NOTICE_PERCENT_FAIL}%`, 35)).toBe('below 35% and 35%');
    expect(bonusNotice(undefined, 35)).toBe('');
  });

  it('upper-cases codes; searches send them trimmed', () => {
    expect(promotionCode('ab c')).toBe('AB C');
    expect(searchableCode('  abc ')).toBe('ABC');
  });

  it('places balance and fail line on a 0..target bar, clamped', () => {
    expect(progressBar(PROGRESS)).toEqual({ balance: 28, failLine: 4 });
    expect(progressBar({ ...PROGRESS, balance: 900 }).balance).toBe(100);
    expect(progressBar({ ...PROGRESS, target: 0 })).toEqual({ balance: 0, failLine: 0 });
    expect(remainingToTarget(PROGRESS)).toBe(540);
    expect(remainingToTarget({ ...PROGRESS, balance: 800 })).toBe(0);
  });
});
