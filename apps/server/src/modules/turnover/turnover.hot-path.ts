// Turnover's fused SQL: statements that read the games module's game_accounts together with
// turnover's own tables in one round trip. Each has a test beside it (`turnover.hot-path.test.ts`)
// that checks its answer against the same facts read the plain way. No figure was measured for them.
//
// - `gamesOf` (a member's sync: before every withdrawal and after a balance refresh). Replaces: the
//   member's game accounts, then the cursor of each of those games. Reads game_accounts (games).
//   1 statement instead of 1 + one per game, before the providers are asked.
// - `startCursor` (a game's first sync, from a member's sync or the sync job). Replaces: the oldest
//   game account of the game, then the cursor's insert. Reads game_accounts (games). One
//   insert … select, so nothing opens between reading the oldest account and writing the cursor,
//   and two instances starting the same game at once keep one cursor (on conflict do nothing).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameAccounts, turnoverCursors } from '../../db/schema/games.ts';
import { createTurnoverRepository } from './turnover.repository.ts';

export function createTurnoverHotPath(db: Db) {
  const repo = createTurnoverRepository(db);
  return {
    /** Game code → when its bets were last read, for every game the member has an account at. */
    async gamesOf(memberId: number): Promise<{ gameCode: string; syncedTo: Date | null }[]> {
      return db
        .select({ gameCode: gameAccounts.gameCode, syncedTo: turnoverCursors.syncedTo })
        .from(gameAccounts)
        .leftJoin(turnoverCursors, eq(turnoverCursors.gameCode, gameAccounts.gameCode))
        .where(eq(gameAccounts.memberId, memberId))
        .orderBy(asc(gameAccounts.gameCode));
    },

    /**
     * The game's cursor, created at its first game account's opening (no bet of ours can be older)
     * when missing; null while nobody has an account there.
     */
    async startCursor(gameCode: string): Promise<Date | null> {
      await db.execute(sql`
        insert into ${turnoverCursors} (game_code, synced_to)
        -- Whole milliseconds: the cursor is compared with the range a Date carries (no microseconds).
        select ${gameCode}, date_trunc('milliseconds', min(${gameAccounts.createdAt}))
        from ${gameAccounts} where ${gameAccounts.gameCode} = ${gameCode}
        having min(${gameAccounts.createdAt}) is not null
        on conflict do nothing`);
      return repo.cursor(gameCode);
    },
  };
}
export type TurnoverHotPath = ReturnType<typeof createTurnoverHotPath>;
