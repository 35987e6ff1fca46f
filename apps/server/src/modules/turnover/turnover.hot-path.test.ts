// Each fused statement of `turnover.hot-path.ts` against the same facts read the plain way, one table
// at a time. Two members with accounts at different games (one shared), opened at different times,
// so a join that pairs a game with another game's cursor, or a cursor started from another game's
// accounts, answers the wrong facts and fails.
import { and, asc, eq, inArray, min, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAccounts, turnoverCursors } from '../../db/schema/games.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { createTurnoverHotPath, type TurnoverHotPath } from './turnover.hot-path.ts';

let t: TestApp;
let hot: TurnoverHotPath;
let a: Member;
let b: Member;
const GAMES = ['PG', 'JOKER', 'SLOTXO', 'HUAYHD'];

async function openedAt(m: Member, gameCode: string, at: string) {
  await t.db
    .update(gameAccounts)
    .set({ createdAt: sql`${at}::timestamptz` })
    .where(and(eq(gameAccounts.memberId, m.memberId), eq(gameAccounts.gameCode, gameCode)));
}

beforeAll(async () => {
  t = await createTestApp();
  hot = createTurnoverHotPath(t.db);
  a = await signedInMember(t, 0);
  b = await signedInMember(t, 0);
  for (const code of ['PG', 'JOKER']) await activate(t, a.token, code);
  for (const code of ['PG', 'SLOTXO']) await activate(t, b.token, code);
  await openedAt(a, 'JOKER', '2024-01-01 08:00:00.111111+00');
  await openedAt(b, 'PG', '2024-03-05 09:30:00.222222+00');
  await openedAt(a, 'PG', '2024-03-01 10:00:00.123456+00');
  await openedAt(b, 'SLOTXO', '2024-02-01 12:00:00.333333+00');
});
afterAll(async () => {
  await t.close();
});

const cursorOf = async (gameCode: string) => {
  const [row] = await t.db.select().from(turnoverCursors).where(eq(turnoverCursors.gameCode, gameCode));
  return row?.syncedTo ?? null;
};

describe('gamesOf', () => {
  const plain = async (memberId: number) => {
    const accounts = await t.db
      .select({ gameCode: gameAccounts.gameCode })
      .from(gameAccounts)
      .where(eq(gameAccounts.memberId, memberId))
      .orderBy(asc(gameAccounts.gameCode));
    const games = [];
    for (const { gameCode } of accounts) games.push({ gameCode, syncedTo: await cursorOf(gameCode) });
    return games;
  };

  it("answers the member's games, each with its own cursor or none, as the plain reads do", async () => {
    await t.db.delete(turnoverCursors).where(inArray(turnoverCursors.gameCode, GAMES));
    await t.db.insert(turnoverCursors).values([
      { gameCode: 'PG', syncedTo: new Date('2024-04-01T00:00:00Z') },
      { gameCode: 'SLOTXO', syncedTo: new Date('2024-04-02T00:00:00Z') },
    ]);
    for (const m of [a, b]) expect(await hot.gamesOf(m.memberId)).toEqual(await plain(m.memberId));
    expect(await hot.gamesOf(a.memberId)).toEqual([
      { gameCode: 'JOKER', syncedTo: null },
      { gameCode: 'PG', syncedTo: new Date('2024-04-01T00:00:00Z') },
    ]);
    expect((await hot.gamesOf(b.memberId)).map((g) => g.gameCode)).toEqual(['PG', 'SLOTXO']);
    expect(await hot.gamesOf(9_999_999)).toEqual([]);
  });
});

describe('startCursor', () => {
  const plain = async (gameCode: string) => {
    const [row] = await t.db
      .select({ first: min(gameAccounts.createdAt) })
      .from(gameAccounts)
      .where(eq(gameAccounts.gameCode, gameCode));
    return row?.first ?? null;
  };

  it("starts a game's cursor at that game's oldest account, whole milliseconds, and keeps one", async () => {
    await t.db.delete(turnoverCursors).where(inArray(turnoverCursors.gameCode, GAMES));
    expect(await hot.startCursor('PG')).toEqual(await plain('PG'));
    expect(await cursorOf('PG')).toEqual(new Date('2024-03-01T10:00:00.123Z'));
    expect(await hot.startCursor('SLOTXO')).toEqual(new Date('2024-02-01T12:00:00.333Z'));

    // An existing cursor stays where it is, whatever the accounts say.
    await openedAt(b, 'PG', '2023-06-01 00:00:00+00');
    expect(await hot.startCursor('PG')).toEqual(new Date('2024-03-01T10:00:00.123Z'));
  });

  it('leaves a game nobody has an account at without a cursor', async () => {
    expect(await hot.startCursor('HUAYHD')).toBeNull();
    expect(await cursorOf('HUAYHD')).toBeNull();
  });
});
