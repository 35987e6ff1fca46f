// SQL of the games module: the catalogue of games and members' game accounts. No rules here.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameAccounts, games } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';

export type GameRow = typeof games.$inferSelect;
export type GameAccountRow = typeof gameAccounts.$inferSelect;

export function createGamesRepository(db: Db) {
  return {
    async enabledGames(): Promise<GameRow[]> {
      return db.select().from(games).where(eq(games.isEnabled, true)).orderBy(asc(games.sortOrder), asc(games.code));
    },

    async game(code: string): Promise<GameRow | null> {
      const [row] = await db.select().from(games).where(eq(games.code, code)).limit(1);
      return row ?? null;
    },

    async accountsOf(memberId: number): Promise<GameAccountRow[]> {
      return db.select().from(gameAccounts).where(eq(gameAccounts.memberId, memberId));
    },

    async account(memberId: number, gameCode: string): Promise<GameAccountRow | null> {
      const [row] = await db
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The game account and the member's ledger account for that game, in one transaction.
     * False when the member already has the game account (nothing written).
     */
    async openAccount(a: {
      memberId: number;
      gameCode: string;
      username: string;
      passwordEnc: string;
      event: Record<string, string> | null;
      currency: string;
      at: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(gameAccounts)
          .values({
            memberId: a.memberId,
            gameCode: a.gameCode,
            username: a.username,
            passwordEnc: a.passwordEnc,
            event: a.event,
            createdAt: a.at,
            updatedAt: a.at,
          })
          .onConflictDoNothing()
          .returning({ gameCode: gameAccounts.gameCode });
        if (inserted.length === 0) return false;
        await tx
          .insert(ledgerAccounts)
          .values({ memberId: a.memberId, kind: 'MEMBER', code: a.gameCode, currency: a.currency })
          .onConflictDoNothing();
        return true;
      });
    },

    async updateCredentials(
      memberId: number,
      gameCode: string,
      c: { passwordEnc: string; event: Record<string, string> | null; at: Date },
    ) {
      await db
        .update(gameAccounts)
        .set({ passwordEnc: c.passwordEnc, event: c.event, updatedAt: c.at })
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
    },
  };
}
export type GamesRepository = ReturnType<typeof createGamesRepository>;
