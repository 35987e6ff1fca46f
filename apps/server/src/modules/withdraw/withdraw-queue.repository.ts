// SQL of the console's withdrawals queue: withdrawals of one status, oldest first, each with what a
// reviewer weighs of its member (30-day money in and out, turnover left, an active credit condition).
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { creditConditions } from '../../db/schema/promotions.ts';
import type { Withdrawal } from './withdraw.repository.ts';

export type QueuedWithdrawal = {
  w: Withdrawal;
  username: string;
  name: string;
  memberCreatedAt: Date;
  unplayed: bigint;
  deposits30d: bigint;
  withdrawals30d: bigint;
  hasActiveCondition: boolean;
};

const truthy = (value: unknown) => value === true || value === 't';

export function createWithdrawQueueRepository(db: Db) {
  return {
    async list(status: WithdrawalStatus, limit: number): Promise<QueuedWithdrawal[]> {
      const memberId = withdrawals.memberId;
      const rows = await db
        .select({
          w: withdrawals,
          username: members.username,
          name: members.name,
          memberCreatedAt: members.createdAt,
          unplayed: members.unplayed,
          deposits30d: sql<string>`(select coalesce(sum(t.amount), 0)::text from ${ledgerTransactions} t
            where t.member_id = ${memberId} and t.type = 'DEPOSIT' and t.status = 'SUCCESS'
              and t.created_at > now() - interval '30 days')`,
          withdrawals30d: sql<string>`(select coalesce(sum(p.amount), 0)::text from ${withdrawals} p
            where p.member_id = ${memberId} and p.status = 'PAID' and p.created_at > now() - interval '30 days')`,
          hasActiveCondition: sql<boolean>`exists (select 1 from ${creditConditions} c
            where c.member_id = ${memberId} and c.status = 'ACTIVE')`,
        })
        .from(withdrawals)
        .innerJoin(members, eq(members.id, memberId))
        .where(eq(withdrawals.status, status))
        .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
        .limit(limit);
      return rows.map((r) => ({
        ...r,
        deposits30d: BigInt(r.deposits30d),
        withdrawals30d: BigInt(r.withdrawals30d),
        hasActiveCondition: truthy(r.hasActiveCondition),
      }));
    },
  };
}
