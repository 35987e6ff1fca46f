// The health table against failures recorded by the real call sites and by recordPartyFailure.
// ops_party_failures comes from its migration, or from the pending SQL until that is generated.
import { HEALTH_WINDOW_MINUTES } from '@krapao/contracts/ops/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordCallFailure, recordPartyFailure } from '../../lib/party-failures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { playedMember, sandboxOf, WITHDRAW_TEST_ENV, withdraw } from '../withdraw/testing.ts';
import { dashboardOf, healthOf } from './testing.ts';

let t: TestApp;
let staff: SignedInStaff;
const now = new Date('2026-03-10T05:00:30.000Z');
beforeAll(async () => {
  t = await createTestApp(WITHDRAW_TEST_ENV, { now: () => now });
  staff = await signedInStaff(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => ({ db: t.db, now: () => new Date(iso) });

describe('GET /api/ops/dashboard: health', () => {
  it('lists every party, with no failure when none was recorded', async () => {
    const d = await dashboardOf(t, staff);
    expect(d.health.map((h) => h.party)).toEqual([
      'game_provider',
      'gateway',
      'slip_verifier',
      'bank_feed',
      'truemoney',
      'payouts',
      'sms',
    ]);
    expect(healthOf(d, 'sms')).toEqual({
      party: 'sms',
      lastErrorAt: null,
      lastErrorMessage: null,
      timeouts: Array(HEALTH_WINDOW_MINUTES).fill(0),
      timeoutsPerMinute: 0,
      errors: 0,
    });
  });

  it('counts timeouts per minute of the last 15 minutes and names the newest failure', async () => {
    await recordPartyFailure(at('2026-03-10T05:00:10.000Z'), 'gateway', 'timeout', 'no answer 1');
    await recordPartyFailure(at('2026-03-10T05:00:20.000Z'), 'gateway', 'timeout', 'no answer 2');
    await recordPartyFailure(at('2026-03-10T04:58:40.000Z'), 'gateway', 'timeout', 'no answer 3');
    await recordPartyFailure(at('2026-03-10T04:50:00.000Z'), 'gateway', 'error', 'HTTP 500');
    await recordPartyFailure(at('2026-03-10T04:40:00.000Z'), 'gateway', 'timeout', 'too old for the window');
    const gateway = healthOf(await dashboardOf(t, staff), 'gateway');
    const expected = Array(HEALTH_WINDOW_MINUTES).fill(0);
    expected[HEALTH_WINDOW_MINUTES - 1] = 2; // this minute
    expected[HEALTH_WINDOW_MINUTES - 2] = 1; // one minute ago (04:58:40 is 110 s before 05:00:30)
    expect(gateway).toEqual({
      party: 'gateway',
      lastErrorAt: '2026-03-10T05:00:20.000Z',
      lastErrorMessage: 'no answer 2',
      timeouts: expected,
      timeoutsPerMinute: 3 / HEALTH_WINDOW_MINUTES,
      errors: 1,
    });
  });

  it('records a payout bank that does not answer, as a timeout of the payouts party', async () => {
    sandboxOf(t).faults.set({ next: ['timeout'], methods: ['pay'] });
    const m = await playedMember(t, 500);
    await withdraw(t, m, { amount: 100 });
    await vi.waitFor(async () => {
      const payouts = healthOf(await dashboardOf(t, staff), 'payouts');
      expect(payouts.timeouts.at(-1)).toBe(1);
      expect(payouts.lastErrorMessage).toMatch(/^PayoutUnavailable: /);
    });
    sandboxOf(t).faults.reset();
  });

  it('leaves a definite refusal out, and keeps a party’s failures to a day', async () => {
    const refused = Object.assign(new Error('refused'), { name: 'ProviderRejected' });
    await recordCallFailure(at(now.toISOString()), 'game_provider', refused);
    expect(healthOf(await dashboardOf(t, staff), 'game_provider').lastErrorAt).toBeNull();

    await recordPartyFailure(at('2026-03-01T00:00:00.000Z'), 'sms', 'error', 'old');
    await recordPartyFailure(at('2026-03-03T00:00:00.000Z'), 'sms', 'error', 'new');
    const rows = await t.db.execute(sql`select message from ops_party_failures where party = 'sms'`);
    expect((rows as unknown as { rows?: unknown[] }).rows ?? rows).toEqual([{ message: 'new' }]);
  });
});
