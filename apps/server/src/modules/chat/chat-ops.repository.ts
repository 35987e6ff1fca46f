// The console inbox's SQL: a conversation by id, its session close, and the member beside it
// (their context, latest deposits and slips).
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { chatConversations } from '../../db/schema/chat.ts';
import { slips } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { memberContextColumns } from '../account/index.ts';
import type { Conversation } from './chat.repository.ts';

export function createChatOpsRepository(db: Db) {
  return {
    async byId(id: number, tx: Db | Tx = db, lock = false): Promise<Conversation | null> {
      const query = tx.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async closeSession(tx: Tx, id: number) {
      await tx.update(chatConversations).set({ sessionClosed: true }).where(eq(chatConversations.id, id));
    },

    async memberContext(memberId: number) {
      const [row] = await db
        .select({ ...memberContextColumns(members.id), currency: members.currency })
        .from(members)
        .where(eq(members.id, memberId))
        .limit(1);
      return row ?? null;
    },

    lastDeposits(memberId: number, limit: number) {
      return db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.type, 'DEPOSIT')))
        .orderBy(desc(ledgerTransactions.id))
        .limit(limit);
    },

    lastSlips(memberId: number, limit: number) {
      return db.select().from(slips).where(eq(slips.memberId, memberId)).orderBy(desc(slips.id)).limit(limit);
    },
  };
}
