// The withdraw module's fused SQL: statements that read other modules' tables together with
// withdrawals in one round trip. Each has a test beside it (`withdraw.hot-path.test.ts`) that checks
// its answer against the same facts read the plain way. No figure was measured for them.
//
// - `history` (every withdrawal, inside the hold's transaction, and the withdraw modal's review).
//   Replaces: the member's unplayed deposit, the sum and count of the member's withdrawals of the
//   last 24 h not rejected, then whether one was ever paid. Reads members (account). 1 statement
//   instead of 3 while the hold holds the member's lock, all three on one snapshot and one database
//   clock (the 24 h are counted on now(), like created_at).
// - `byKey` (a withdrawal sent again with the same Idempotency-Key). Replaces: the member's WITHDRAW
//   transaction of that key, then the withdrawal of that transaction. Reads ledger_transactions
//   (ledger), where the key lives. 1 statement instead of 2.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import type { Withdrawal } from './withdraw.repository.ts';
import type { WithdrawHistory } from './withdraw-rules.ts';

export function createWithdrawHotPath(db: Db) {
  return {
    /**
     * The member's unplayed deposit and withdrawals: the last 24 h's not rejected (database clock,
     * like created_at) and whether one was ever paid. Null when there is no such member.
     */
    async history(memberId: number, tx?: Tx): Promise<WithdrawHistory | null> {
      const result = await (tx ?? db).execute(sql`
        select m.unplayed::text as unplayed,
          coalesce(d.amount, 0)::text as day_amount, coalesce(d.n, 0)::int as day_count,
          exists (select 1 from ${withdrawals} p where p.member_id = m.id and p.status = 'PAID') as has_paid
        from ${members} m
        left join lateral (
          select sum(w.amount) as amount, count(*) as n from ${withdrawals} w
          where w.member_id = m.id and w.status <> 'REJECTED' and w.created_at > now() - interval '24 hours'
        ) d on true
        where m.id = ${memberId}`);
      const [row] = rowsOf<{ unplayed: string; day_amount: string; day_count: number; has_paid: boolean }>(result);
      if (!row) return null;
      return {
        unplayed: BigInt(row.unplayed),
        dayAmount: BigInt(row.day_amount),
        dayCount: Number(row.day_count),
        hasPaid: row.has_paid === true || (row.has_paid as unknown) === 't',
      };
    },

    /** The withdrawal a member's Idempotency-Key already made, if any. */
    async byKey(memberId: number, key: string): Promise<Withdrawal | null> {
      const [row] = await db
        .select({ w: withdrawals })
        .from(withdrawals)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, withdrawals.transactionId))
        .where(
          and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'WITHDRAW'),
            eq(ledgerTransactions.idempotencyKey, key),
          ),
        )
        .limit(1);
      return row?.w ?? null;
    },
  };
}
export type WithdrawHotPath = ReturnType<typeof createWithdrawHotPath>;
