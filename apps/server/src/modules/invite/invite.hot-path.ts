// The invite module's fused SQL: statements that read other modules' tables together with
// invite_earnings in one round trip. Each has a test beside it (`invite.hot-path.test.ts`) that
// checks its answer against the same facts read the plain way. No figure was measured for them.
//
// - `page` (GET of the member's invite list). Replaces: a page of the referrer's earnings, then the
//   names of their invitees by id. Reads members (account). 2 statements per page instead of 3
//   (the count runs beside it).
// - `anyEarningInviteePlayed` (a claim of the INVITE balance under `requireInviteePlay`). Replaces:
//   the ids of the invitees who earned the referrer a share, then the ledger's transfers of those
//   members. Reads ledger_transactions (ledger). One round trip inside the claim's transaction,
//   which holds the member's lock, and no list of ids (as long as the referrer's invitees) sent back.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { inviteEarnings } from '../../db/schema/promotions.ts';

const invitees = alias(members, 'invitees');

export function createInviteHotPath(db: Db) {
  return {
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
export type InviteHotPath = ReturnType<typeof createInviteHotPath>;
