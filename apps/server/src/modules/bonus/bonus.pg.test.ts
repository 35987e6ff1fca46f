// Bonuses and promotion codes under real concurrency on PostgreSQL (PGlite has one connection and
// cannot show a race): parallel activations credit once, parallel ends end once, no deadlocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createGameResults } from '../wallet/game-results.ts';
import { balances, call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
import { createCreditConditions } from './credit-condition.ts';
import {
  activateBonus,
  activatePromotion,
  bonusRows,
  clearBonus,
  conditionsOf,
  creditFromOutside,
  key,
} from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('bonuses on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROVIDER_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  const messages = (rs: { statusCode: number; json: () => { message?: string } }[]) =>
    rs.filter((r) => r.statusCode !== 200).map((r) => r.json().message);

  it('50 parallel activations of one bonus: one condition, one credit, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await signedInMember(t, 300);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          activateBonus(t, m, 'WELCOME', i % 2 ? key(`race-${trial}-${i}`) : undefined),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(messages(results)).toEqual(Array(49).fill('BONUS_ALREADY_ACTIVE'));
      expect(await conditionsOf(t, m.memberId)).toHaveLength(1);
      expect((await bonusRows(t, m.memberId)).map((r) => r.amount)).toEqual([300_00n]);
      expect((await balances(t, m)).wallet).toBe(600);
    }
  });

  it('50 parallel activations of one promotion by one member: one credit, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await signedInMember(t, 0);
      const results = await Promise.all(Array.from({ length: 50 }, () => activatePromotion(t, m, 'KRAPAO100')));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(messages(results)).toEqual(Array(49).fill('PROMOTION_RECEIVED'));
      expect((await bonusRows(t, m.memberId)).map((r) => r.amount)).toEqual([100_00n]);
      expect((await balances(t, m)).wallet).toBe(100);
    }
  });

  it('50 members at once on a code for 5: exactly 5 credits, 5 trials', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const code = `FIVE${trial}`;
      await t.db
        .insert(promotions)
        .values({ code, description: code, amount: 10_00n, turnover: 2, percentFail: 20, maxUses: 5 });
      const members = await Promise.all(Array.from({ length: 50 }, () => signedInMember(t, 0)));
      const results = await Promise.all(members.map((m) => activatePromotion(t, m, code)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(messages(results)).toEqual(Array(45).fill('BONUS_FULL'));
    }
  });

  /** WELCOME on 300 (start 600, fail below 60), `moved` of it in PG. */
  async function underCondition(moved = 500): Promise<{ m: Member; username: string }> {
    const m = await signedInMember(t, 300);
    expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
    const account = await activate(t, m.token, 'PG');
    const res = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: moved }, key());
    expect(res.json().status).toBe('SUCCESS');
    return { m, username: account.username };
  }

  it('parallel cancels and evaluations of an open condition: one end, one whole take-back, 10 trials', async () => {
    const conditions = createCreditConditions(t.ctx);
    for (let trial = 0; trial < 10; trial++) {
      const { m } = await underCondition();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? clearBonus(t, m) : conditions.evaluate(m.memberId).then(() => null),
        ),
      );
      const clears = results.filter((r) => r !== null);
      // The game money comes back once; a cancel that reaches the lock while it is on its way is
      // refused (nothing changes), the others find the condition ended.
      expect(clears.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([
        { message: 'BONUS_CLEAR', takenBack: 300 },
      ]);
      expect(messages(clears).filter((code) => code !== 'NO_DATA' && code !== 'MONEY_NOT_ENOUGH')).toEqual([]);
      expect((await conditionsOf(t, m.memberId)).map((c) => c.status)).toEqual(['CANCELLED']);
      expect((await bonusRows(t, m.memberId)).map((r) => [r.type, r.amount])).toEqual([
        ['BONUS', 300_00n],
        ['FINISH_BONUS', 300_00n],
      ]);
      expect(await balances(t, m)).toMatchObject({ wallet: 300, slots: { PG: 0 } });
    }
  });

  it('parallel cancels, evaluations and refreshes of a decided condition: one FAILED end, nothing taken, 10 trials', async () => {
    const conditions = createCreditConditions(t.ctx);
    for (let trial = 0; trial < 10; trial++) {
      const { m, username } = await underCondition(600);
      await providerPlays(t, username, -550_00n);
      // Booked without an evaluation: the total (50) is below failBelow (60), the condition still ACTIVE.
      expect(await createGameResults(t.ctx, createLedger(t.ctx)).book(m.memberId, 'PG')).toBe(true);
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 3 === 0
            ? clearBonus(t, m)
            : i % 3 === 1
              ? conditions.evaluate(m.memberId)
              : call(t, m, 'GET', '/api/wallet/refresh/slot'),
        ),
      );
      expect((await conditionsOf(t, m.memberId)).map((c) => c.status)).toEqual(['FAILED']);
      expect((await bonusRows(t, m.memberId)).map((r) => [r.type, r.amount])).toEqual([
        ['BONUS', 300_00n],
        ['FINISH_BONUS', 0n],
      ]);
    }
  });

  it('a WELCOME activation and a withdrawal of the whole deposit at once never both succeed, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const m = await signedInMember(t, 300);
      const [bonus, withdrawal] = await Promise.all([
        activateBonus(t, m, 'WELCOME', key('race-bonus')),
        call(t, m, 'POST', '/api/wallet/withdraw', { amount: 300 }, key('race-wd')),
      ]);
      const codes = [bonus, withdrawal].map((r) => (r.statusCode === 200 ? 'OK' : r.json().message));
      expect([
        ['OK', 'BONUS_REMAINING'],
        ['BONUS_CONDITION', 'OK'],
      ]).toContainEqual(codes);
      expect((await bonusRows(t, m.memberId)).length).toBe(codes[0] === 'OK' ? 1 : 0);
    }
  });

  it('cancels, bank credits and refreshes at once never deadlock, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const { m } = await underCondition();
      const results = await Promise.all([
        ...Array.from({ length: 5 }, () => clearBonus(t, m)),
        ...Array.from({ length: 5 }, (_, i) => creditFromOutside(t, m, 10 + i).then(() => ({ statusCode: 200 }))),
        ...Array.from({ length: 5 }, () => call(t, m, 'GET', '/api/wallet/refresh/slot')),
      ]);
      expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
      expect((await conditionsOf(t, m.memberId)).map((c) => c.status)).toEqual(['CANCELLED']);
      expect(await checkLedger(t.db)).toEqual([]);
    }
  });
});
