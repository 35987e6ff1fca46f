import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, sources } from '../../db/schema/lookup.ts';

export function createLookupRepository(db: Db) {
  return {
    async banks(countries: string[]) {
      const rows = await db.select().from(banks).orderBy(asc(banks.sortOrder), asc(banks.code));
      // In the order of `countries`: the build's own banks first.
      return countries.flatMap((country) => rows.filter((b) => b.country === country));
    },
    async bank(code: string) {
      const [row] = await db.select().from(banks).where(eq(banks.code, code)).limit(1);
      return row ?? null;
    },
    async sources() {
      return db.select().from(sources).orderBy(asc(sources.sortOrder), asc(sources.code));
    },
    async source(code: string) {
      const [row] = await db.select().from(sources).where(eq(sources.code, code)).limit(1);
      return row ?? null;
    },
  };
}
export type LookupRepository = ReturnType<typeof createLookupRepository>;
