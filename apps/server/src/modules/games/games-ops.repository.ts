// SQL of the console's games page: the catalogue rows, a row locked for a change, and the change.
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { games } from '../../db/schema/games.ts';

export type CatalogueFields = {
  isEnabled: boolean;
  maintenanceMessage: string | null;
  sortOrder: number;
  isFeatured: boolean;
};

export function createGamesOpsRepository(db: Db) {
  return {
    /** Every game, in the order the console arranges them (featured or not). */
    all: () => db.select().from(games).orderBy(asc(games.sortOrder), asc(games.code)),

    async lock(tx: Tx, code: string) {
      const [row] = await tx.select().from(games).where(eq(games.code, code)).for('update');
      return row ?? null;
    },

    async update(tx: Tx, code: string, fields: CatalogueFields) {
      const [row] = await tx.update(games).set(fields).where(eq(games.code, code)).returning();
      return row!;
    },
  };
}
