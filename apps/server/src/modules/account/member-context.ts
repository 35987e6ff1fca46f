// What a console reviewer weighs of a member beside an item of a queue: the account's age, the
// 30-day money in and out, turnover left and an active credit condition. The select columns join
// `members` on the queue's own member id column; `memberContextOf` turns a row into the console's view.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TOpsMemberContext } from '@krapao/contracts/ops/members';
import { type AnyColumn, sql } from 'drizzle-orm';
import { members } from '../../db/schema/account.ts';
import { withdrawals } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { creditConditions } from '../../db/schema/promotions.ts';

export type MemberContextRow = {
  username: string;
  name: string;
  memberCreatedAt: Date;
  unplayed: bigint;
  deposits30d: string;
  withdrawals30d: string;
  hasActiveCondition: unknown;
};

/** Select columns of the context of the member `memberId` names; the query must join `members` on it. */
export function memberContextColumns(memberId: AnyColumn) {
  return {
    username: members.username,
    name: members.name,
    memberCreatedAt: members.createdAt,
    unplayed: members.unplayed,
    deposits30d: sql<string>`(select coalesce(sum(t.amount), 0)::text from ${ledgerTransactions} t
      where t.member_id = ${memberId} and t.type = 'DEPOSIT' and t.status = 'SUCCESS'
        and t.created_at > now() - interval '30 days')`,
    withdrawals30d: sql<string>`(select coalesce(sum(p.amount), 0)::text from ${withdrawals} p
      where p.member_id = ${memberId} and p.status = 'PAID' and p.created_at > now() - interval '30 days')`,
    hasActiveCondition: sql<unknown>`exists (select 1 from ${creditConditions} c
      where c.member_id = ${memberId} and c.status = 'ACTIVE')`,
  };
}

/** The console's view of a member's context, its amounts in major units of `currency`. */
export function memberContextOf(row: MemberContextRow, currency: Currency): TOpsMemberContext {
  return {
    username: row.username,
    name: row.name,
    createdAt: row.memberCreatedAt.toISOString(),
    deposits30d: fromMinor(BigInt(row.deposits30d), currency),
    withdrawals30d: fromMinor(BigInt(row.withdrawals30d), currency),
    turnoverLeft: fromMinor(row.unplayed, currency),
    // PGlite and node-postgres answer a boolean; some drivers answer 't'.
    hasActiveCondition: row.hasActiveCondition === true || row.hasActiveCondition === 't',
  };
}
