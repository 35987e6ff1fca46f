// Helpers the turnover tests share (and every test whose rewards vest on play): a clock the test
// moves, bets in the demo provider's books, and a deposit played through.
import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/account.ts';
import { demoProviderBets, demoProviderPlayers } from '../../db/schema/demo-provider.ts';
import { memberTurnover, turnoverCursors } from '../../db/schema/games.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createGameCatalog } from '../games/game-catalog.ts';
import { activate } from '../games/testing.ts';
import type { Member } from '../wallet/testing.ts';
import { createTurnover } from './turnover.service.ts';

/** Time that moves only when the test says so; starts at the real time (after the seed's rows). */
export type Clock = { now: () => Date; advance(ms: number): void };
export function testClock(start = Date.now()): Clock {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

/** The member's username at a game, opening the account when it is not open yet. */
export async function gameUsername(t: TestApp, m: Member, gameCode: string): Promise<string> {
  const open = (await createGameCatalog(t.ctx).accountsOf(m.memberId)).get(gameCode);
  return open ? open.username : (await activate(t, m.token, gameCode)).username;
}

/**
 * A bet that paid its stake back, written straight into the provider's books at the app's time
 * (the member plays without the money leaving their game balance).
 */
export async function providerBet(t: TestApp, gameCode: string, username: string, stake: bigint) {
  const [player] = await t.db
    .select({ id: demoProviderPlayers.id, balance: demoProviderPlayers.balance })
    .from(demoProviderPlayers)
    .where(and(eq(demoProviderPlayers.gameCode, gameCode), eq(demoProviderPlayers.username, username)));
  if (!player) throw new Error(`no demo player ${username} at ${gameCode}`);
  await t.db.insert(demoProviderBets).values({
    playerId: player.id,
    amount: stake,
    payout: stake,
    reels: 'test',
    balanceAfter: player.balance,
    createdAt: t.ctx.now(),
  });
}

/** The bets settle (the clock passes the settle lag) and the game is read. */
export async function settleAndSync(t: TestApp, clock: Clock, gameCode: string) {
  clock.advance(t.ctx.config.TURNOVER_SETTLE_MS + 1_000);
  return createTurnover(t.ctx).syncGame(gameCode);
}

/** The member bets `stake` at the game and the game's turnover is read. */
export async function playThrough(t: TestApp, clock: Clock, m: Member, stake: bigint, gameCode = 'JOKER') {
  await providerBet(t, gameCode, await gameUsername(t, m, gameCode), stake);
  return settleAndSync(t, clock, gameCode);
}

export async function unplayedOf(t: TestApp, memberId: number): Promise<bigint> {
  const [row] = await t.db.select({ unplayed: members.unplayed }).from(members).where(eq(members.id, memberId));
  return row!.unplayed;
}

/** Sets the member's deposits not yet played through (minor units): test money counted as played, or not. */
export async function setUnplayed(t: TestApp, memberId: number, minor: bigint) {
  await t.db.update(members).set({ unplayed: minor }).where(eq(members.id, memberId));
}

export async function coinProgressOf(t: TestApp, memberId: number): Promise<bigint> {
  const [row] = await t.db.select({ progress: members.coinProgress }).from(members).where(eq(members.id, memberId));
  return row!.progress;
}

export async function turnoverRowsOf(t: TestApp, memberId: number) {
  return t.db.select().from(memberTurnover).where(eq(memberTurnover.memberId, memberId)).orderBy(memberTurnover.id);
}

export async function cursorOf(t: TestApp, gameCode: string): Promise<Date | null> {
  const [row] = await t.db.select().from(turnoverCursors).where(eq(turnoverCursors.gameCode, gameCode));
  return row?.syncedTo ?? null;
}
