// Turnover (decision 055): bets settled at the demo provider are read behind each game's cursor,
// play deposits through once (members.unplayed) and vest the referrer's share and spin coins on
// the played part only. A failing provider counts nothing; a range is never counted twice.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailable } from '../../adapters/games/game-provider.port.ts';
import { members } from '../../db/schema/account.ts';
import { demoProviderPlayers } from '../../db/schema/demo-provider.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDepositCredit } from '../deposit/credit.ts';
import { depositOf, earningsOf, holding, invitedMember, setInviteRules } from '../invite/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { coinsOf, grantsOf } from '../spin/testing.ts';
import { call, type Member, signedInMember } from '../wallet/testing.ts';
import {
  coinProgressOf,
  cursorOf,
  gameUsername,
  playThrough,
  providerBet,
  settleAndSync,
  setUnplayed,
  testClock,
  turnoverRowsOf,
  unplayedOf,
} from './testing.ts';
import { createTurnover, REFRESH_SYNC_AFTER_MS } from './turnover.service.ts';
import { createTurnoverSync } from './turnover-sync.job.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
beforeEach(async () => {
  t.ctx.gameProviders.sandbox!.faults.reset();
  await setInviteRules(t, { isActive: true, sharePercent: 1, minimumClaim: 1, requireInviteePlay: false });
});
afterAll(async () => {
  if (!t) return;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

let refs = 0;
async function credit(memberId: number, amount: bigint, reference = `turnover-${process.pid}-${++refs}`) {
  return createDepositCredit(t.ctx).credit({
    memberId,
    amount,
    currency: 'BAHT',
    source: 'BANK',
    reference,
    fromCode: 'KBANK',
  });
}

/** A bet through the demo provider's own books: the stake leaves the game balance, the payout comes in. */
async function slotBet(gameCode: string, username: string, stake: bigint, payout: bigint) {
  const [player] = await t.db
    .select({ id: demoProviderPlayers.id })
    .from(demoProviderPlayers)
    .where(and(eq(demoProviderPlayers.gameCode, gameCode), eq(demoProviderPlayers.username, username)));
  expect(await t.ctx.gameProviders.sandbox!.books.settleBet(player!.id, stake, payout, 'A,B,C')).not.toBeNull();
}

describe('deposits', () => {
  it('a credited deposit raises unplayed by its amount, once per reference', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 12_345n, `unplayed-${m.memberId}`);
    expect((await credit(m.memberId, 12_345n, `unplayed-${m.memberId}`)).credited).toBe(false);
    await credit(m.memberId, 100n);
    expect(await unplayedOf(t, m.memberId)).toBe(12_445n);
  });
});

describe('turnover sync', () => {
  it('bets at the demo game become one row per member, lowering unplayed by exactly the bets', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 50_000n);
    const username = await gameUsername(t, m, 'JOKER');
    const moved = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 300 });
    expect(moved.json().status).toBe('SUCCESS');
    await slotBet('JOKER', username, 10_000n, 0n);
    await slotBet('JOKER', username, 5_000n, 15_000n);
    // A member whose money is played through already, and a player that is not ours.
    const other = await signedInMember(t, 100);
    await setUnplayed(t, other.memberId, 0n);
    await providerBet(t, 'JOKER', await gameUsername(t, other, 'JOKER'), 2_500n);
    const [stranger] = await t.db
      .insert(demoProviderPlayers)
      .values({ gameCode: 'JOKER', username: `stranger${m.memberId}`, passwordHash: 'x:y', currency: 'BAHT' })
      .returning();
    await providerBet(t, 'JOKER', stranger!.username, 7_000n);

    const synced = await settleAndSync(t, clock, 'JOKER');
    expect(synced).toMatchObject({ gameCode: 'JOKER', rows: 2, played: 15_000n, syncedTo: clock.now() });
    expect(await turnoverRowsOf(t, m.memberId)).toMatchObject([
      { gameCode: 'JOKER', validBet: 15_000n, bets: 2, played: 15_000n, toAt: clock.now() },
    ]);
    expect(await unplayedOf(t, m.memberId)).toBe(35_000n);
    expect(await turnoverRowsOf(t, other.memberId)).toMatchObject([{ validBet: 2_500n, bets: 1, played: 0n }]);
    expect(await unplayedOf(t, other.memberId)).toBe(0n);

    const turnover = createTurnover(t.ctx);
    await playThrough(t, clock, m, 40_000n, 'PG');
    expect(await turnover.turnoverOf(m.memberId)).toEqual({
      games: [
        { gameCode: 'JOKER', validBet: 15_000n, played: 15_000n, bets: 2 },
        { gameCode: 'PG', validBet: 40_000n, played: 35_000n, bets: 1 },
      ],
      total: { validBet: 55_000n, played: 50_000n, bets: 3 },
    });
    expect(await turnover.unplayed(m.memberId)).toBe(0n);
  });

  it('the referrer share and spin coins vest on the played part only, never at the deposit', async () => {
    const referrer = await signedInMember(t, 0);
    const invitee = await invitedMember(t, referrer.memberId);
    await depositOf(t, invitee.memberId, 20_000n);
    expect(await earningsOf(t, referrer.memberId)).toEqual([]);
    expect(await coinsOf(t, invitee.memberId)).toBe(0);

    await playThrough(t, clock, invitee, 25_000n); // 200 of 250 played: 1 % = 2.00, two 100-baht coins
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(200n);
    expect([await coinsOf(t, invitee.memberId), await coinProgressOf(t, invitee.memberId)]).toEqual([2, 0n]);

    await depositOf(t, invitee.memberId, 15_000n);
    await playThrough(t, clock, invitee, 12_000n); // 120 played: 1.20, one coin, 20 carried
    await playThrough(t, clock, invitee, 5_000n); // 30 left to play: 0.30, 50 carried, no coin
    await playThrough(t, clock, invitee, 10_000n); // nothing left to play: nothing vests
    expect(await unplayedOf(t, invitee.memberId)).toBe(0n);
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(350n);
    expect([await coinsOf(t, invitee.memberId), await coinProgressOf(t, invitee.memberId)]).toEqual([3, 5_000n]);

    const rows = await turnoverRowsOf(t, invitee.memberId);
    expect(rows.map((r) => r.played)).toEqual([20_000n, 12_000n, 3_000n, 0n]);
    const earnings = await earningsOf(t, referrer.memberId);
    expect(earnings.map((e) => [e.amount, e.turnoverId, e.depositTransactionId])).toEqual([
      [200n, rows[0]!.id, null],
      [120n, rows[1]!.id, null],
      [30n, rows[2]!.id, null],
    ]);
    expect((await grantsOf(t, invitee.memberId)).map((g) => [g.coins, g.turnoverId])).toEqual([
      [2, rows[0]!.id],
      [1, rows[1]!.id],
    ]);
  });

  it('a deposit taken out unplayed vests nothing', async () => {
    const referrer = await signedInMember(t, 0);
    const invitee = await invitedMember(t, referrer.memberId);
    await depositOf(t, invitee.memberId, 50_000n);
    // What a withdrawal held does to the counter: the unplayed money leaves first.
    await t.db.update(members).set({ unplayed: 0n }).where(eq(members.id, invitee.memberId));
    await playThrough(t, clock, invitee, 50_000n);
    expect(await turnoverRowsOf(t, invitee.memberId)).toMatchObject([{ validBet: 50_000n, played: 0n }]);
    expect(await earningsOf(t, referrer.memberId)).toEqual([]);
    expect(await holding(t, referrer.memberId, 'INVITE')).toBe(0n);
    expect([await coinsOf(t, invitee.memberId), await coinProgressOf(t, invitee.memberId)]).toEqual([0, 0n]);
  });

  it('a failing provider turnover call leaves the cursor and counts nothing; the next sync counts it once', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 30_000n);
    const username = await gameUsername(t, m, 'JOKER');
    await settleAndSync(t, clock, 'JOKER');
    const before = await cursorOf(t, 'JOKER');
    await providerBet(t, 'JOKER', username, 10_000n);
    t.ctx.gameProviders.sandbox!.faults.set({ next: ['error5xx'], methods: ['turnover'] });
    await expect(settleAndSync(t, clock, 'JOKER')).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await cursorOf(t, 'JOKER')).toEqual(before);
    expect(await turnoverRowsOf(t, m.memberId)).toEqual([]);
    expect(await unplayedOf(t, m.memberId)).toBe(30_000n);

    expect((await settleAndSync(t, clock, 'JOKER')).rows).toBe(1);
    expect(await unplayedOf(t, m.memberId)).toBe(20_000n);
    expect((await settleAndSync(t, clock, 'JOKER')).rows).toBe(0);
    expect(await turnoverRowsOf(t, m.memberId)).toHaveLength(1);
  });

  it('a range is counted once: a second sync of it, and two syncs at once, add nothing', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 30_000n);
    await providerBet(t, 'JOKER', await gameUsername(t, m, 'JOKER'), 10_000n);
    clock.advance(1_000);
    const turnover = createTurnover(t.ctx);
    const [a, b] = await Promise.all([turnover.syncGame('JOKER'), turnover.syncGame('JOKER')]);
    expect(a.rows + b.rows).toBe(1);
    expect((await turnover.syncGame('JOKER')).rows).toBe(0); // same time: nothing left to read
    clock.advance(1_000);
    expect((await turnover.syncGame('JOKER')).rows).toBe(0);
    expect(await turnoverRowsOf(t, m.memberId)).toMatchObject([{ validBet: 10_000n, played: 10_000n }]);
    expect(await unplayedOf(t, m.memberId)).toBe(20_000n);
  });
});

describe('when syncs run', () => {
  it('the job reads every game somebody has an account at', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 10_000n);
    await providerBet(t, 'JOKER', await gameUsername(t, m, 'JOKER'), 3_000n);
    await providerBet(t, 'PG', await gameUsername(t, m, 'PG'), 4_000n);
    clock.advance(1_000);
    expect(await createTurnoverSync(t.ctx).runOnce()).toBeGreaterThanOrEqual(2);
    expect((await turnoverRowsOf(t, m.memberId)).map((r) => [r.gameCode, r.played])).toEqual([
      ['JOKER', 3_000n],
      ['PG', 4_000n],
    ]);
    expect(await unplayedOf(t, m.memberId)).toBe(3_000n);
  });

  it('a balance refresh reads the member’s games unless they were read moments ago', async () => {
    const m: Member = await signedInMember(t, 0);
    await credit(m.memberId, 10_000n);
    const username = await gameUsername(t, m, 'JOKER');
    await providerBet(t, 'JOKER', username, 1_000n);
    clock.advance(REFRESH_SYNC_AFTER_MS + 1_000);
    expect((await call(t, m, 'GET', '/api/wallet/refresh/slot')).statusCode).toBe(200);
    expect(await unplayedOf(t, m.memberId)).toBe(9_000n);

    await providerBet(t, 'JOKER', username, 2_000n);
    clock.advance(1_000);
    await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect(await unplayedOf(t, m.memberId)).toBe(9_000n);
    // Before a withdrawal is decided every game is read, however recently.
    expect(await createTurnover(t.ctx).syncMember(m.memberId)).toEqual({ failed: [] });
    expect(await unplayedOf(t, m.memberId)).toBe(7_000n);
  });

  it('syncMember answers the games whose provider failed and still reads the others', async () => {
    const m = await signedInMember(t, 0);
    await credit(m.memberId, 10_000n);
    await providerBet(t, 'JOKER', await gameUsername(t, m, 'JOKER'), 1_000n);
    await providerBet(t, 'PG', await gameUsername(t, m, 'PG'), 1_000n);
    clock.advance(1_000);
    t.ctx.gameProviders.sandbox!.faults.set({ next: ['error5xx'], methods: ['turnover'] });
    const { failed } = await createTurnover(t.ctx).syncMember(m.memberId);
    expect(failed).toHaveLength(1);
    expect(await unplayedOf(t, m.memberId)).toBe(9_000n);
  });

  it('a cursor first set from an account opened with microseconds (rows written by SQL) still moves', async () => {
    const m = await signedInMember(t, 0);
    await gameUsername(t, m, 'JOKER');
    await t.db.execute(sql`delete from turnover_cursors where game_code = 'JOKER'`);
    await t.db.execute(
      sql`update game_accounts set created_at = now() - interval '2 days' + interval '123 microseconds'
          where member_id = ${m.memberId} and game_code = 'JOKER'`,
    );
    await createTurnover(t.ctx).syncGame('JOKER');
    expect(await cursorOf(t, 'JOKER')).toEqual(clock.now());
  });
});
