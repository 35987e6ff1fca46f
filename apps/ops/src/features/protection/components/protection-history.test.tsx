import type { TOpsProtectionEvent } from '@krapao/contracts/ops/protection';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { eventText } from './protection-history';

const event = (kind: string, detail: Record<string, unknown>): TOpsProtectionEvent => ({
  id: 1,
  kind,
  detail,
  staffName: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const limit = { kind: 'DEPOSIT', period: 'DAY', currency: 'BAHT' };
const say = (language: string, e: TOpsProtectionEvent) =>
  eventText(i18n.getFixedT(language, 'protection'), e, language);

beforeAll(async () => {
  await i18n.loadLanguages('th');
});

describe('a protection event in words', () => {
  it('says each kind with its amounts in the member’s currency', () => {
    const texts = [
      event('LIMIT_SET', { ...limit, amount: 500, previous: null, source: 'REGISTRATION' }),
      event('LIMIT_LOWERED', { ...limit, amount: 300, previous: 500 }),
      event('LIMIT_RAISE_ASKED', { ...limit, amount: 1000, previous: 300 }),
      event('LIMIT_REMOVE_ASKED', { ...limit, amount: null, previous: 1000 }),
      event('LIMIT_CANCELLED', { ...limit, amount: 1000, pendingAmount: null }),
      event('LIMIT_CONFIRMED', { ...limit, amount: null }),
      event('DEPOSIT_LIMIT_REFUSED', {
        channel: 'TRUEMONEY',
        amount: 150,
        period: 'DAY',
        remaining: 100,
        currency: 'BAHT',
      }),
      event('DEPOSIT_LIMIT_PASSED', { period: 'WEEK', limit: 100, used: 130, currency: 'BAHT' }),
      event('LOSS_LIMIT_REFUSED', { amount: 30, period: 'DAY', remaining: 20, currency: 'BAHT' }),
      event('EXCLUSION_STARTED', { id: 4, kind: 'SELF_EXCLUSION', duration: 'permanent', endsAt: null }),
      event('EXCLUSION_ENDED', { exclusionId: 4, kind: 'TIMEOUT', endsAt: null, reason: 'asked by phone' }),
      event('REALITY_CHECK_SET', { minutes: 30 }),
      event('REALITY_CHECK_SET', { minutes: 0 }),
    ].map((e) => say('en', e));
    expect(texts).toEqual([
      'Deposit per 24 hours: 500 BAHT (chosen at registration)',
      'Deposit per 24 hours: from 500 BAHT to 300 BAHT at once',
      'Deposit per 24 hours: from 300 BAHT to 1,000 BAHT once the member confirms after the wait',
      'Deposit per 24 hours: 1,000 BAHT removed once the member confirms after the wait',
      'Deposit per 24 hours: the waiting change dropped, stays at 1,000 BAHT',
      'Deposit per 24 hours: removed',
      '150 BAHT by TrueMoney refused: 100 BAHT left of the limit per 24 hours',
      '130 BAHT credited in 7 days against a limit of 100 BAHT',
      '30 BAHT into a game refused: 20 BAHT left of the loss limit per 24 hours',
      'Self-exclusion, permanent',
      'Time-out until Permanent ended early: asked by phone',
      'Every 30 minutes',
      'Off',
    ]);
  });

  it('reads in Thai', () => {
    expect(say('th', event('LOSS_LIMIT_REFUSED', { amount: 30, period: 'DAY', remaining: 20, currency: 'BAHT' }))).toBe(
      'ปฏิเสธการโอน 30 BAHT เข้าเกม: วงเงินยอดเสียต่อ 24 ชั่วโมง เหลือ 20 BAHT',
    );
    const started = event('EXCLUSION_STARTED', {
      id: 5,
      kind: 'TIMEOUT',
      duration: '7d',
      endsAt: '2026-11-27T10:00:00.000Z',
    });
    expect(say('th', started)).toMatch(/^พักการเล่น 7 วัน ถึง .*2569/);
  });

  it('reads an unknown kind, or a detail not of its kind’s shape, as its pairs', () => {
    expect(say('en', event('SOMETHING_NEW', { a: 1, b: { c: 2 } }))).toBe('a: 1, b: {"c":2}');
    // A loss refusal written before amounts were in major units.
    expect(
      say('en', event('LOSS_LIMIT_REFUSED', { amount: '3000', period: 'DAY', remaining: 20, currency: 'BAHT' })),
    ).toBe('amount: 3000, period: DAY, remaining: 20, currency: BAHT');
  });
});
