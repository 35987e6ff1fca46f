// SQL of invites: the referrer of a depositor, a referrer's earnings, whether invitees have played.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';

const invitees = alias(members, 'invitees');
const referrers = alias(members, 'referrers');

export function createInviteRepository(db: Db) {
  return {
    /** The member who invited `memberId` (id and currency), or null. */
    async referrerOf(memberId: number) {
      const [row] = await db
        .select({ id: referrers.id, currency: referrers.currency })
        .from(members)
        .innerJoin(referrers, eq(referrers.id, members.referrerId))
        .where(eq(members.id, memberId))
        .limit(1);
      return row ?? null;
    },

    /** One page of a referrer's earnings, newest first, with the invitee's name. */
    async page(referrerId: number, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            name: invitees.name,
            amount: inviteEarnings.amount,
            currency: inviteEarnings.currency,
            createdAt: inviteEarnings.createdAt,
          })
          .from(inviteEarnings)
          .innerJoin(invitees, eq(invitees.id, inviteEarnings.inviteeId))
          .where(eq(inviteEarnings.referrerId, referrerId))
          .orderBy(desc(inviteEarnings.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(inviteEarnings).where(eq(inviteEarnings.referrerId, referrerId)),
      ]);
      return { total: Number(total?.n ?? 0), rows };
    },

    /** Whether any invitee who earned the referrer a share has moved money into a game. */
    async anyEarningInviteePlayed(tx: Tx, referrerId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            sql`${ledgerTransactions.memberId} in (select ${inviteEarnings.inviteeId} from ${inviteEarnings} where ${inviteEarnings.referrerId} = ${referrerId})`,
            eq(ledgerTransactions.type, 'TRANSFER'),
            eq(ledgerTransactions.status, 'SUCCESS'),
            eq(ledgerTransactions.fromCode, 'WALLET'),
            // Transfers are statement rows: this lets the (member_id, member_seq) index serve it.
            isNotNull(ledgerTransactions.memberSeq),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}
export type InviteRepository = ReturnType<typeof createInviteRepository>;
