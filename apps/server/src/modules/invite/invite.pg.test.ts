// Invites under real concurrency on PostgreSQL (PGlite has one connection and cannot race): one
// INVITE balance claimed by 50 requests at once moves once; one played deposit earns once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { gameUsername, providerBet, testClock } from '../turnover/testing.ts';
import { createTurnover } from '../turnover/turnover.service.ts';
import { balances, call, signedInMember } from '../wallet/testing.ts';
import { activeCondition, depositOf, earningsOf, holding, invitedMember, setInviteRules } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('invites on PostgreSQL', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    await setInviteRules(t, { isActive: true, sharePercent: 1, minimumClaim: 1, requireInviteePlay: false });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it('50 parallel claims of one INVITE balance: exactly one moves it, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const referrer = await signedInMember(t, 0);
      const invitee = await invitedMember(t, referrer.memberId);
      await depositOf(t, invitee.memberId, 100_000n);
      await providerBet(t, 'JOKER', await gameUsername(t, invitee, 'JOKER'), 100_000n);
      clock.advance(1_000);
      await createTurnover(t.ctx).syncGame('JOKER');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(t, referrer, 'GET', '/api/invite/bonus', undefined, `invite-race-${trial}-${i}-${referrer.memberId}`),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.map((r) => r.json())).toEqual([{ message: 'INVITE_BONUS_SUCCESS', amount: 10 }]);
      const refused = new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().message));
      expect([...refused].every((m) => m === 'NO_INVITE_BONUS' || m === 'BONUS_ALREADY_ACTIVE')).toBe(true);
      expect(await holding(t, referrer.memberId, 'INVITE')).toBe(0n);
      expect((await balances(t, referrer)).wallet).toBe(10);
      expect(await activeCondition(t, referrer.memberId)).toMatchObject({ kind: 'invite', bonusAmount: 1_000n });
    }
  }, 180_000);

  it('one played deposit read by 20 member syncs at once earns one share, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const referrer = await signedInMember(t, 0);
      const invitee = await invitedMember(t, referrer.memberId);
      await depositOf(t, invitee.memberId, 12_345n);
      await providerBet(t, 'JOKER', await gameUsername(t, invitee, 'JOKER'), 20_000n);
      clock.advance(1_000);
      const turnover = createTurnover(t.ctx);
      const results = await Promise.all(Array.from({ length: 20 }, () => turnover.syncMember(invitee.memberId)));
      expect(results.every((r) => r.failed.length === 0)).toBe(true);
      expect(await earningsOf(t, referrer.memberId)).toHaveLength(1);
      expect(await holding(t, referrer.memberId, 'INVITE')).toBe(123n);
    }
  }, 180_000);
});
