// Invites under real concurrency on PostgreSQL (PGlite has one connection and cannot race): one
// INVITE balance claimed by 50 requests at once moves once; one deposit earns once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, signedInMember } from '../wallet/testing.ts';
import { earnReferralShare } from './referral-share.ts';
import { activeCondition, depositOf, earningsOf, holding, invitedMember, setInviteRules } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('invites on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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

  it('one deposit whose house rules run 50 times at once earns one share, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const referrer = await signedInMember(t, 0);
      const invitee = await invitedMember(t, referrer.memberId);
      await setInviteRules(t, { isActive: false });
      const deposit = (await depositOf(t, invitee.memberId, 12_345n))!;
      await setInviteRules(t, { isActive: true });
      const results = await Promise.all(Array.from({ length: 50 }, () => earnReferralShare(t.ctx, deposit)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await earningsOf(t, referrer.memberId)).toHaveLength(1);
      expect(await holding(t, referrer.memberId, 'INVITE')).toBe(123n);
    }
  }, 180_000);
});
