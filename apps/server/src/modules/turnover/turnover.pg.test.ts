// Turnover syncs under real concurrency on PostgreSQL (PGlite has one connection and cannot race):
// syncs of one game at once count each range once; syncs of two games at once share the member's
// unplayed money without losing or doubling any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { depositOf, earningsOf, holding, invitedMember, setInviteRules } from '../invite/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { coinsOf } from '../spin/testing.ts';
import { signedInMember } from '../wallet/testing.ts';
import { gameUsername, providerBet, testClock, turnoverRowsOf, unplayedOf } from './testing.ts';
import { createTurnover } from './turnover.service.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('turnover on PostgreSQL', () => {
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

  it('20 syncs of one game at once count each bet once and vest once, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const referrer = await signedInMember(t, 0);
      const invitee = await invitedMember(t, referrer.memberId);
      await depositOf(t, invitee.memberId, 30_000n);
      const username = await gameUsername(t, invitee, 'JOKER');
      await providerBet(t, 'JOKER', username, 12_345n);
      await providerBet(t, 'JOKER', username, 10_000n);
      clock.advance(1_000);
      const results = await Promise.all(Array.from({ length: 20 }, () => createTurnover(t.ctx).syncGame('JOKER')));
      expect(results.reduce((n, r) => n + r.rows, 0)).toBe(1);
      expect(await turnoverRowsOf(t, invitee.memberId)).toMatchObject([
        { validBet: 22_345n, bets: 2, played: 22_345n },
      ]);
      expect(await unplayedOf(t, invitee.memberId)).toBe(7_655n);
      expect(await earningsOf(t, referrer.memberId)).toHaveLength(1);
      expect(await holding(t, referrer.memberId, 'INVITE')).toBe(223n);
      expect(await coinsOf(t, invitee.memberId)).toBe(2);
    }
  }, 180_000);

  it('two games synced at once for one member take exactly the unplayed money between them, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const m = await signedInMember(t, 0);
      await depositOf(t, m.memberId, 10_000n);
      await providerBet(t, 'JOKER', await gameUsername(t, m, 'JOKER'), 7_000n);
      await providerBet(t, 'PG', await gameUsername(t, m, 'PG'), 6_000n);
      clock.advance(1_000);
      const turnover = createTurnover(t.ctx);
      await Promise.all([turnover.syncGame('JOKER'), turnover.syncGame('PG'), turnover.syncMember(m.memberId)]);
      const rows = await turnoverRowsOf(t, m.memberId);
      expect(rows.map((r) => r.validBet).sort()).toEqual([6_000n, 7_000n]);
      expect(rows.reduce((sum, r) => sum + r.played, 0n)).toBe(10_000n);
      expect(await unplayedOf(t, m.memberId)).toBe(0n);
    }
  }, 180_000);

  it('syncs of two games paying the same referrers in opposite orders both commit, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const a = await signedInMember(t, 0);
      const b = await signedInMember(t, 0);
      // JOKER pays a, then b (invitee id order); PG pays b, then a.
      const invitees = [];
      for (const referrer of [a, b, b, a]) invitees.push(await invitedMember(t, referrer.memberId));
      for (const [i, invitee] of invitees.entries()) {
        await depositOf(t, invitee.memberId, 10_000n);
        await providerBet(t, i < 2 ? 'JOKER' : 'PG', await gameUsername(t, invitee, i < 2 ? 'JOKER' : 'PG'), 10_000n);
      }
      clock.advance(1_000);
      const turnover = createTurnover(t.ctx);
      const results = await Promise.allSettled([turnover.syncGame('JOKER'), turnover.syncGame('PG')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await holding(t, a.memberId, 'INVITE')).toBe(200n);
      expect(await holding(t, b.memberId, 'INVITE')).toBe(200n);
    }
  }, 180_000);
});
