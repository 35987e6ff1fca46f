// The console's read-only views of a member that no owning module answers yet: the search, and the
// deposit, condition, session and chat tabs. Reads members, bank_accounts (account), ledger_transactions
// (ledger), credit_conditions (bonus), sessions (auth), chat_conversations / chat_messages (chat) and
// staff (staff) beside this module's ops_approvals; writes nothing.
import type { ApprovalStatus } from '@krapao/contracts/ops/approvals';
import { and, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { chatConversations, chatMessages } from '../../db/schema/chat.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { staff } from '../../db/schema/ops.ts';
import { opsApprovals } from '../../db/schema/ops-approvals.ts';
import { creditConditions } from '../../db/schema/promotions.ts';

export type MemberRow = typeof members.$inferSelect;
export type ApprovalListRow = typeof opsApprovals.$inferSelect & { memberUsername: string; requestedByName: string };

/** `q` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createOpsMemberQueries(db: Db) {
  return {
    /**
     * Members whose phone (username) or name contains `q`, whose payout account number is `q`, or
     * whose id is `q`; newest first. Answers up to `limit + 1` rows (one more tells there are more).
     */
    async search(q: string, page: number, limit: number): Promise<MemberRow[]> {
      const matches: SQL[] = [
        ilike(members.username, containing(q)),
        ilike(members.name, containing(q)),
        sql`exists (select 1 from ${bankAccounts} where ${bankAccounts.memberId} = ${members.id} and ${bankAccounts.accountNo} = ${q})`,
      ];
      if (/^\d{1,15}$/.test(q)) matches.push(eq(members.id, Number(q)));
      return db
        .select()
        .from(members)
        .where(or(...matches))
        .orderBy(desc(members.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
    },

    /** The member's deposits (ledger DEPOSIT transactions), newest first. */
    async deposits(memberId: number, limit: number) {
      return db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.type, 'DEPOSIT')))
        .orderBy(desc(ledgerTransactions.id))
        .limit(limit);
    },

    /** The member's credit conditions, the active one and those ended, newest first. */
    async conditions(memberId: number, limit: number) {
      return db
        .select()
        .from(creditConditions)
        .where(eq(creditConditions.memberId, memberId))
        .orderBy(desc(creditConditions.id))
        .limit(limit);
    },

    /** Sessions that still work: not revoked, not expired, made from the current password, member active. */
    async liveSessions(memberId: number, now: Date, limit: number) {
      return db
        .select({
          id: sessions.id,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(
          and(
            eq(sessions.memberId, memberId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(members.status, 'ACTIVE'),
            eq(sessions.credentialVersion, members.credentialVersion),
          ),
        )
        .orderBy(desc(sessions.id))
        .limit(limit);
    },

    /** The last `limit` messages of the member's conversation, newest first. */
    async chat(memberId: number, limit: number) {
      return db
        .select({
          id: chatMessages.id,
          sender: chatMessages.sender,
          messageType: chatMessages.messageType,
          payload: chatMessages.payload,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(eq(chatConversations.memberId, memberId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
    },

    /** Four-eyes requests with the member's and the requester's names, newest first. */
    async approvals(filter: { status: ApprovalStatus; memberId?: number }, limit: number): Promise<ApprovalListRow[]> {
      const rows = await db
        .select({ a: opsApprovals, memberUsername: members.username, requestedByName: staff.displayName })
        .from(opsApprovals)
        .innerJoin(members, eq(members.id, opsApprovals.memberId))
        .innerJoin(staff, eq(staff.id, opsApprovals.requestedBy))
        .where(
          and(
            eq(opsApprovals.status, filter.status),
            filter.memberId === undefined ? undefined : eq(opsApprovals.memberId, filter.memberId),
          ),
        )
        .orderBy(desc(opsApprovals.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.a, memberUsername: r.memberUsername, requestedByName: r.requestedByName }));
    },

    /** One request with the names the list shows. */
    async approval(id: number, tx?: Tx): Promise<ApprovalListRow | null> {
      const [row] = await (tx ?? db)
        .select({ a: opsApprovals, memberUsername: members.username, requestedByName: staff.displayName })
        .from(opsApprovals)
        .innerJoin(members, eq(members.id, opsApprovals.memberId))
        .innerJoin(staff, eq(staff.id, opsApprovals.requestedBy))
        .where(eq(opsApprovals.id, id))
        .limit(1);
      return row ? { ...row.a, memberUsername: row.memberUsername, requestedByName: row.requestedByName } : null;
    },
  };
}
