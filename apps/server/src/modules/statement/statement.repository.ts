import { and, between, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';

export function createStatementRepository(db: Db) {
  return {
    async movementCount(memberId: number): Promise<number> {
      const [row] = await db.select({ n: members.movementCount }).from(members).where(eq(members.id, memberId));
      return row?.n ?? 0;
    },
    /** Rows numbered lo..hi of the member's statement: an index range seek on (member_id, member_seq). */
    async range(memberId: number, lo: number, hi: number) {
      return db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.memberId, memberId), between(ledgerTransactions.memberSeq, lo, hi)))
        .orderBy(desc(ledgerTransactions.memberSeq));
    },
  };
}
