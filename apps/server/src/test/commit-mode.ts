// How a statement leaves its transaction's commit: `synchronous_commit` read inside a transaction after
// `act` ran in it; the transaction is then rolled back, so nothing `act` wrote stays.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows-of.ts';

class Undo extends Error {}

export async function commitModeAfter(db: Db, act: (tx: Db) => Promise<unknown>): Promise<string> {
  let mode = '';
  await db
    .transaction(async (tx) => {
      await act(tx as unknown as Db);
      mode = rowsOf<{ synchronous_commit: string }>(await tx.execute(sql`show synchronous_commit`))[0]!
        .synchronous_commit;
      throw new Undo();
    })
    .catch((err) => {
      if (!(err instanceof Undo)) throw err;
    });
  return mode;
}
