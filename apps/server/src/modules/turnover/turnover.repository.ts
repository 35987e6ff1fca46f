// SQL of turnover (decision 055): the per-game cursors, members' turnover rows and the unplayed
// deposit counter. No rules here. A member's games with their cursors, and a game's first cursor, are
// read together with the games module's game accounts: `turnover.hot-path.ts`.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { gameAccounts, memberTurnover, turnoverCursors } from '../../db/schema/games.ts';

export type LockedMember = { id: number; currency: string; unplayed: bigint; referrerId: number | null };
export type NewTurnover = Omit<typeof memberTurnover.$inferInsert, 'id'>;

const lockedColumns = {
  id: members.id,
  currency: members.currency,
  unplayed: members.unplayed,
  referrerId: members.referrerId,
};

export function createTurnoverRepository(db: Db) {
  return {
    /** Where the game's next read starts; null when it was never read. */
    async cursor(gameCode: string, q: Db | Tx = db): Promise<Date | null> {
      const [row] = await q
        .select({ syncedTo: turnoverCursors.syncedTo })
        .from(turnoverCursors)
        .where(eq(turnoverCursors.gameCode, gameCode));
      return row?.syncedTo ?? null;
    },

    /** Moves the cursor from `from` to `to`; false when another sync moved it first (that range is its). */
    async advanceCursor(tx: Tx, gameCode: string, from: Date, to: Date): Promise<boolean> {
      const rows = await tx
        .update(turnoverCursors)
        .set({ syncedTo: to })
        .where(and(eq(turnoverCursors.gameCode, gameCode), eq(turnoverCursors.syncedTo, from)))
        .returning({ gameCode: turnoverCursors.gameCode });
      return rows.length === 1;
    },

    /** Every game somebody has an account at. */
    async gamesWithAccounts(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ gameCode: gameAccounts.gameCode })
        .from(gameAccounts)
        .orderBy(asc(gameAccounts.gameCode));
      return rows.map((r) => r.gameCode);
    },

    /** Provider username → member id at one game (usernames that are not ours are left out). */
    async membersByUsername(tx: Tx, gameCode: string, usernames: string[]): Promise<Map<string, number>> {
      if (usernames.length === 0) return new Map();
      const rows = await tx
        .select({ username: gameAccounts.username, memberId: gameAccounts.memberId })
        .from(gameAccounts)
        .where(and(eq(gameAccounts.gameCode, gameCode), inArray(gameAccounts.username, usernames)));
      return new Map(rows.map((r) => [r.username, r.memberId]));
    },

    /** What a sync plans with, of member rows the caller has locked (ledger `lockMembers`), in id order. */
    async lockedMembers(tx: Tx, ids: number[]): Promise<LockedMember[]> {
      if (ids.length === 0) return [];
      return tx.select(lockedColumns).from(members).where(inArray(members.id, ids)).orderBy(asc(members.id));
    },

    /** Member id → currency, unlocked (referrers are paid into their INVITE account, not their row). */
    async currencies(tx: Tx, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: members.id, currency: members.currency })
        .from(members)
        .where(inArray(members.id, ids));
      return new Map(rows.map((r) => [r.id, r.currency]));
    },

    /** The row's id; null when that member's range was already written. */
    async insertTurnover(tx: Tx, row: NewTurnover): Promise<number | null> {
      const [inserted] = await tx
        .insert(memberTurnover)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: memberTurnover.id });
      return inserted?.id ?? null;
    },

    async lowerUnplayed(tx: Tx, memberId: number, played: bigint) {
      await tx
        .update(members)
        .set({ unplayed: sql`${members.unplayed} - ${played.toString()}::bigint` })
        .where(eq(members.id, memberId));
    },

    /** The member's turnover per game: the sums of their rows. */
    async perGame(memberId: number) {
      const rows = await db
        .select({
          gameCode: memberTurnover.gameCode,
          validBet: sql<string>`sum(${memberTurnover.validBet})::text`,
          played: sql<string>`sum(${memberTurnover.played})::text`,
          bets: sql<string>`sum(${memberTurnover.bets})::text`,
        })
        .from(memberTurnover)
        .where(eq(memberTurnover.memberId, memberId))
        .groupBy(memberTurnover.gameCode)
        .orderBy(asc(memberTurnover.gameCode));
      return rows.map((r) => ({
        gameCode: r.gameCode,
        validBet: BigInt(r.validBet),
        played: BigInt(r.played),
        bets: Number(r.bets),
      }));
    },

    async unplayed(memberId: number, q: Db | Tx = db): Promise<bigint> {
      const [row] = await q.select({ unplayed: members.unplayed }).from(members).where(eq(members.id, memberId));
      return row?.unplayed ?? 0n;
    },
  };
}
export type TurnoverRepository = ReturnType<typeof createTurnoverRepository>;
