// SQL of the games module: the catalogue of games and members' game accounts. No rules here.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameAccounts, games } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { memberChanged } from '../../lib/member-changes.ts';
import { cachePerHandle } from '../../lib/ttl-cache.ts';

export type GameRow = typeof games.$inferSelect;
export type GameAccountRow = typeof gameAccounts.$inferSelect;

/** The catalogue is read by every wallet view and transfer and changes rarely: cached for a second. */
export const GAMES_CACHE_MS = 1_000;
const cacheOf = cachePerHandle<GameRow[]>(GAMES_CACHE_MS);

/** Forgets the cached catalogue of this database handle (after writing the games table directly). */
export function forgetCachedGames(db: Db) {
  cacheOf(db).clear();
}

export function createGamesRepository(db: Db) {
  const cache = cacheOf(db);
  /** Every game, enabled or not, in display order (featured first); shared between callers, never to be mutated. */
  const allGames = () =>
    cache.get('all', () =>
      db.select().from(games).orderBy(desc(games.isFeatured), asc(games.sortOrder), asc(games.code)),
    );

  return {
    allGames,

    async enabledGames(): Promise<GameRow[]> {
      return (await allGames()).filter((g) => g.isEnabled);
    },

    async game(code: string): Promise<GameRow | null> {
      return (await allGames()).find((g) => g.code === code) ?? null;
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
        memberChanged(tx, { members: [a.memberId] });
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
