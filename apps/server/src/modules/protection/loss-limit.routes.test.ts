// Loss limits on transfers into games, with the app clock: the net loss of settled play over the
// rolling window, the tightest limit refusing, the refusal recorded on its own, and the window edge.
import { readFileSync } from 'node:fs';
import { protectionPaths } from '@krapao/contracts/protection';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { protectionEvents } from '../../db/schema/protection.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { bookGameResult } from '../refund/testing.ts';
import { call, type Member, providerPlays, signedInMember, transfer } from '../wallet/testing.ts';
import { booksOf, eventsOf, lossLimit } from './gates-testing.ts';
import { lossUsed, moneyInGames } from './loss-limit.ts';
import { eventDetails } from './protection-testing.ts';

const HOUR_MS = 3_600_000;
let t: TestApp;
let clock = new Date();
let keys = 0;
const at = (hoursFromClock: number) => new Date(clock.getTime() + hoursFromClock * HOUR_MS);
const lose = (m: Member, baht: number, hoursAgo: number) =>
  bookGameResult(t, m.memberId, BigInt(-baht * 100), at(-hoursAgo), 'PG');
const win = (m: Member, baht: number, hoursAgo: number) =>
  bookGameResult(t, m.memberId, BigInt(baht * 100), at(-hoursAgo), 'PG');
/** The full refusal body of a transfer past a loss limit, in baht. */
const refusal = (period: 'DAY' | 'WEEK' | 'MONTH', remaining: number) => ({
  message: 'PROTECTION_LOSS_LIMIT',
  period,
  remaining,
  currency: 'BAHT',
});
const into = (m: Member, amount: number) =>
  call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount }, `loss-${Date.now()}-${++keys}`);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
beforeEach(() => {
  clock = new Date();
});
afterAll(async () => {
  if (!t) return;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

async function player(): Promise<Member> {
  const m = await signedInMember(t, 1_000);
  await activate(t, m.token, 'JOKER');
  return m;
}

describe('the loss measure', () => {
  it('net loss in the window: losses minus wins, never below 0, nothing outside the window', async () => {
    const m = await player();
    await lose(m, 80, 2);
    await win(m, 50, 1);
    await lose(m, 400, 25);
    expect(await lossUsed(t.db, m.memberId, 'DAY', clock)).toBe(3_000n);
    expect(await lossUsed(t.db, m.memberId, 'WEEK', clock)).toBe(43_000n);
    await win(m, 500, 0.5);
    expect(await lossUsed(t.db, m.memberId, 'DAY', clock)).toBe(0n);
    expect(await lossUsed(t.db, m.memberId, 'WEEK', clock)).toBe(0n);
  });
});

describe('POST /api/wallet/transfer into a game under a loss limit', () => {
  it('refuses more than the remaining allowance (409, period and remaining), records the refusal, moves nothing', async () => {
    const m = await player();
    await lossLimit(t, m.memberId, 'DAY', 100);
    await lose(m, 80, 2);
    const before = await booksOf(t, m.memberId);

    const res = await into(m, 30);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal('DAY', 20));
    expect(await booksOf(t, m.memberId)).toEqual(before);
    const events = await eventsOf(t, m.memberId, 'LOSS_LIMIT_REFUSED');
    expect(events).toHaveLength(1);
    expect(events[0]!.createdAt.getTime()).toBe(clock.getTime());
    // Every amount in major units, as `remaining` is: the transfer of 30, not 3000 satang.
    const refused = (await eventDetails(t, m.memberId)).filter(([kind]) => kind === 'LOSS_LIMIT_REFUSED');
    expect(refused).toEqual([['LOSS_LIMIT_REFUSED', { period: 'DAY', remaining: 20, currency: 'BAHT', amount: 30 }]]);

    // Exactly what remains may go in.
    expect((await into(m, 20)).statusCode).toBe(200);
    expect(await eventsOf(t, m.memberId, 'LOSS_LIMIT_REFUSED')).toHaveLength(1);
  });

  it('counts a loss still at the provider: play since the last refresh is booked before the check', async () => {
    const m = await signedInMember(t, 1_000);
    const account = await activate(t, m.token, 'JOKER');
    await lossLimit(t, m.memberId, 'DAY', 100);
    expect((await into(m, 100)).statusCode).toBe(200);
    // All 100 lost in the game; the member has not opened home, so nothing has booked it yet.
    await providerPlays(t, account.username, -100_00n);
    const before = await booksOf(t, m.memberId);

    const res = await into(m, 50);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal('DAY', 0));
    expect(await lossUsed(t.db, m.memberId, 'DAY', clock)).toBe(100_00n);
    // The loss is booked (the game account now 0, one GAME_RESULT more); no money moved.
    const after = await booksOf(t, m.memberId);
    expect(after.accounts).toEqual(before.accounts.map((a) => (a.startsWith('JOKER:') ? 'JOKER:0' : a)));
    expect(after.moves).toBe(before.moves + 1);
  });

  it('a win gives allowance back once it is out of the games; with no loss limit nothing is refused', async () => {
    const free = await player();
    expect((await into(free, 900)).statusCode).toBe(200);

    const m = await signedInMember(t, 1_000);
    const joker = await activate(t, m.token, 'JOKER');
    await lossLimit(t, m.memberId, 'DAY', 100);
    await lose(m, 80, 3);
    expect((await into(m, 21)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 20 });
    expect((await into(m, 20)).statusCode).toBe(200);
    // Won 50 at the provider: booked before the check, and still in the game, so still at risk.
    await providerPlays(t, joker.username, 50_00n);
    expect((await into(m, 1)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 0 });
    expect((await transfer(t, m, 'JOKER', 'WALLET', 70)).statusCode).toBe(200);
    // Out of the game, the win takes 50 off the 80 lost.
    expect((await into(m, 71)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 70 });
    expect((await into(m, 70)).statusCode).toBe(200);
  });

  it('the tightest of several limits refuses and is named', async () => {
    const m = await player();
    await lossLimit(t, m.memberId, 'DAY', 100);
    await lossLimit(t, m.memberId, 'WEEK', 150);
    await lossLimit(t, m.memberId, 'MONTH', 1_000);
    await lose(m, 100, 72);
    expect((await into(m, 60)).json()).toEqual(refusal('WEEK', 50));
    expect((await into(m, 50)).statusCode).toBe(200);
  });

  it('across the window edge: refused a minute before the loss leaves the 24 hours, allowed a minute after', async () => {
    const m = await player();
    const start = new Date();
    await lossLimit(t, m.memberId, 'DAY', 100);
    await bookGameResult(t, m.memberId, -100_00n, start, 'PG');

    clock = new Date(start.getTime() + 24 * HOUR_MS - 60_000);
    expect((await into(m, 10)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', period: 'DAY', remaining: 0 });
    clock = new Date(start.getTime() + 24 * HOUR_MS + 60_000);
    expect((await into(m, 100)).statusCode).toBe(200);
    // The 100 now in the game is at risk.
    expect((await into(m, 1)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', period: 'DAY', remaining: 0 });
  });

  it('transferAll and game to game are refused the same way; the money stays where it was', async () => {
    const m = await player();
    const pg = await activate(t, m.token, 'PG');
    expect(
      (await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 300 }, `loss-pg-${++keys}`))
        .statusCode,
    ).toBe(200);
    await lossLimit(t, m.memberId, 'DAY', 100);
    await lose(m, 40, 1);
    await providerPlays(t, pg.username, -40_00n); // the provider's side of that loss
    const before = await booksOf(t, m.memberId);

    // 260 still in PG and 40 lost: 300 at risk against a limit of 100.
    const all = await call(t, m, 'POST', '/api/wallet/transferAll', { to: 'JOKER' }, `loss-all-${++keys}`);
    expect(all.json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 0 });
    const across = await call(
      t,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'PG', to: 'JOKER', amount: 100 },
      `loss-g2g-${++keys}`,
    );
    expect(across.json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 0 });
    expect(await booksOf(t, m.memberId)).toEqual(before);
    expect(await eventsOf(t, m.memberId, 'LOSS_LIMIT_REFUSED')).toHaveLength(2);
    const transfers = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, m.memberId));
    expect(transfers.filter((r) => r.type === 'TRANSFER' && r.toCode === 'JOKER')).toHaveLength(0);

    // Money out of a game is never refused by a loss limit.
    const out = await call(
      t,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'PG', to: 'WALLET', amount: 210 },
      `loss-out-${++keys}`,
    );
    expect(out.statusCode).toBe(200);
    // 50 in PG and 40 lost: within the limit, so moving money from one game to another (which adds
    // nothing to what is at risk) goes through, and 10 more may come from the wallet.
    expect((await transfer(t, m, 'PG', 'JOKER', 50)).statusCode).toBe(200);
    expect((await into(m, 11)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 10 });
    expect((await into(m, 10)).statusCode).toBe(200);
  });
});

describe('money in games counts as at risk', () => {
  const faults = () => t.ctx.gameProviders.sandbox!.faults;

  it('two transfers that each fit what is left do not both go in; money taken out gives the room back', async () => {
    const m = await player();
    await lossLimit(t, m.memberId, 'DAY', 100);
    expect((await into(m, 60)).statusCode).toBe(200);
    expect((await into(m, 60)).json()).toEqual(refusal('DAY', 40));
    expect((await into(m, 40)).statusCode).toBe(200);
    expect((await into(m, 1)).json()).toMatchObject({ remaining: 0 });
    const shown = (await call(t, m, 'GET', protectionPaths.state)).json().limits[0];
    expect(shown).toMatchObject({ kind: 'LOSS', used: 0, inGames: 100, remaining: 0 });
    expect((await transfer(t, m, 'JOKER', 'WALLET', 30)).statusCode).toBe(200);
    expect((await into(m, 31)).json()).toMatchObject({ remaining: 30 });
    expect((await into(m, 30)).statusCode).toBe(200);
  });

  it('at once, under the member lock: of two transfers that fit alone, one goes in', async () => {
    const m = await player();
    await lossLimit(t, m.memberId, 'DAY', 100);
    const answers = await Promise.all([into(m, 60), into(m, 60)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await moneyInGames(t.db, m.memberId)).toBe(60_00n);
  });

  it('a transfer the provider has not settled is at risk too', async () => {
    const m = await player();
    await lossLimit(t, m.memberId, 'DAY', 100);
    faults().set({ next: ['error5xx', 'error5xx'], methods: ['deposit', 'transferStatus'] });
    const stuck = await into(m, 70);
    faults().reset();
    expect(stuck.json().status).toBe('PENDING');
    expect(await moneyInGames(t.db, m.memberId)).toBe(70_00n);
    expect((await into(m, 31)).json()).toMatchObject({ message: 'PROTECTION_LOSS_LIMIT', remaining: 30 });
    expect((await into(m, 30)).statusCode).toBe(200);
  });
});

describe('loss refusals recorded with the amount in minor units', () => {
  const migration = new URL('../../../drizzle/0025_loss_refused_amount_in_major_units.sql', import.meta.url);

  it('read in major units of the member’s currency once the migration has run; newer rows stay', async () => {
    const baht = await signedInMember(t, 0);
    const kip = await signedInMember(t, 0);
    await t.db.update(members).set({ currency: 'LAK' }).where(eq(members.id, kip.memberId));
    const old = { period: 'DAY', remaining: 20, currency: 'BAHT' };
    await t.db.insert(protectionEvents).values([
      { memberId: baht.memberId, kind: 'LOSS_LIMIT_REFUSED', detail: { ...old, amount: '3050' } },
      { memberId: kip.memberId, kind: 'LOSS_LIMIT_REFUSED', detail: { ...old, currency: 'LAK', amount: '5000' } },
      { memberId: baht.memberId, kind: 'LOSS_LIMIT_REFUSED', detail: { ...old, amount: 12.5 } },
    ]);
    await t.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    const amounts = async (m: Member) =>
      (await eventDetails(t, m.memberId)).map(([, detail]) => ('amount' in detail ? detail.amount : null));
    expect(await amounts(baht)).toEqual([30.5, 12.5]);
    expect(await amounts(kip)).toEqual([5000]);
  });
});
