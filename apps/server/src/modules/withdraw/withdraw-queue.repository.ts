// SQL of the console's withdrawals queue: withdrawals of one status, oldest first, each with what a
// reviewer weighs of its member (account's member context).
import type { WithdrawalStatus } from '@krapao/contracts/withdraw';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { type MemberContextRow, memberContextColumns } from '../account/index.ts';
import type { Withdrawal } from './withdraw.repository.ts';

export type QueuedWithdrawal = { w: Withdrawal; member: MemberContextRow };

export function createWithdrawQueueRepository(db: Db) {
  return {
    async list(status: WithdrawalStatus, limit: number): Promise<QueuedWithdrawal[]> {
      const rows = await db
        .select({ w: withdrawals, ...memberContextColumns(withdrawals.memberId) })
        .from(withdrawals)
        .innerJoin(members, eq(members.id, withdrawals.memberId))
        .where(eq(withdrawals.status, status))
        .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
        .limit(limit);
      return rows.map(({ w, ...member }) => ({ w, member }));
    },
  };
}
