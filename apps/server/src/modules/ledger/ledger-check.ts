// The ledger invariants (docs/architecture.md §3.1), checked on any database by `npm run ledger:check` and the tests.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Check = { name: string; query: ReturnType<typeof sql> };

/**
 * The house invariant's trail (decision 055): money reaches a member's WALLET only as
 * - DEPOSIT: the deposit its outside reference names (deposit_references, same member);
 * - a move between the member's own wallet and game accounts, directly or through TRANSIT (a
 *   transfer back from a game, or one to a game that failed), nothing net from the house;
 * - WITHDRAW: a REJECTED withdrawal's money back, no more than it held;
 * - BONUS / COUPON: the grant of a credit condition of the same member (metadata.conditionId, whose
 *   grant_transaction_id and bonus_amount are this transaction and this credit);
 * - ADJUSTMENT: a manual credit a staff member booked (an ops_approvals row of kind credit, booked,
 *   naming this transaction, member and amount), against the house's MANUAL_ADJUSTMENTS account.
 * One row per other transaction and member credited.
 */
const walletCreditsUntraced = sql`
  with credits as (
    select e.transaction_id, a.member_id, sum(e.amount)::bigint as amount
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.amount > 0 and a.kind = 'MEMBER' and a.code = 'WALLET'
    group by e.transaction_id, a.member_id),
  moves as (
    -- Per transaction, each of its entries read once (a transaction crediting many members must
    -- not multiply its entries by its credits).
    select x.transaction_id,
      count(distinct xa.member_id) filter (where xa.kind = 'MEMBER') as members,
      coalesce(sum(x.amount) filter (where xa.kind = 'HOUSE'), 0) as house_net,
      coalesce(array_agg(distinct xa.code) filter (where xa.kind = 'HOUSE'), '{}') as house_codes
    from ledger_entries x
    join ledger_accounts xa on xa.id = x.account_id
    where x.transaction_id in (select transaction_id from credits)
    group by x.transaction_id),
  own as (
    -- What the transaction does to each credited member's own accounts, each entry read once.
    select x.transaction_id, xa.member_id, sum(x.amount) as net, array_agg(distinct xa.code) as codes
    from ledger_entries x
    join ledger_accounts xa on xa.id = x.account_id and xa.kind = 'MEMBER'
    where x.transaction_id in (select transaction_id from credits)
    group by x.transaction_id, xa.member_id)
  select t.id as transaction_id, t.type, c.member_id, c.amount::text
  from credits c
  join ledger_transactions t on t.id = c.transaction_id
  join moves m on m.transaction_id = c.transaction_id
  join own o on o.transaction_id = c.transaction_id and o.member_id = c.member_id
  where not coalesce(
    (t.type = 'DEPOSIT' and t.member_id = c.member_id
      and (t.id, c.member_id) in (
        select transaction_id, member_id from deposit_references where transaction_id is not null))
    or (o.net = 0 and m.house_net = 0 and m.house_codes <@ array['TRANSIT']
      and o.codes <@ (select array['WALLET'] || coalesce(array_agg(code), '{}') from games))
    or (t.type = 'WITHDRAW' and m.members = 1 and m.house_net = 0
      and m.house_codes <@ array['WITHDRAWALS_PAYABLE']
      and (t.id, c.member_id) in (
        select transaction_id, member_id from withdrawals where status = 'REJECTED' and transaction_id is not null))
    or (t.type in ('BONUS', 'COUPON') and t.member_id = c.member_id
      and (t.id, c.member_id, c.amount, t.metadata ->> 'conditionId') in (
        select grant_transaction_id, member_id, bonus_amount, id::text
        from credit_conditions where grant_transaction_id is not null))
    or (t.type = 'ADJUSTMENT' and t.member_id = c.member_id and m.members = 1
      and m.house_codes <@ array['MANUAL_ADJUSTMENTS']
      and (t.id, c.member_id, c.amount) in (
        select transaction_id, member_id, amount from ops_approvals
        where kind = 'credit' and status = 'booked' and transaction_id is not null)),
    false)
  order by t.id`;

const CHECKS: Check[] = [
  {
    name: 'per currency, all balances sum to zero',
    query: sql`select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`,
  },
  {
    name: 'each balance equals the sum of its entries',
    query: sql`select a.id, a.code, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  },
  {
    name: 'each entry carries the running balance after it',
    query: sql`select id, account_id from (
        select e.id, e.account_id, e.balance_after,
          sum(e.amount) over (partition by e.account_id order by e.id) as running
        from ledger_entries e) x
      where balance_after <> running limit 20`,
  },
  {
    name: 'no member balance below zero',
    query: sql`select id, code, balance::text from ledger_accounts where kind = 'MEMBER' and balance < 0`,
  },
  {
    name: 'every transaction is balanced (its entries sum to zero)',
    query: sql`select transaction_id, sum(amount)::text from ledger_entries group by transaction_id having sum(amount) <> 0`,
  },
  {
    name: 'no transfer half-written: settled transfers leave nothing in transit, unsettled ones hold their amount',
    query: sql`select t.id, t.status, t.amount::text, coalesce(sum(e.amount), 0)::text as in_transit
      from ledger_transactions t
      left join ledger_entries e on e.transaction_id = t.id
        and e.account_id in (select id from ledger_accounts where kind = 'HOUSE' and code = 'TRANSIT')
      where t.type = 'TRANSFER'
      group by t.id
      having coalesce(sum(e.amount), 0) <> case when t.status in ('PENDING', 'UNKNOWN') then t.amount else 0 end`,
  },
  {
    name: 'no withdrawal half-written: held ones sit in withdrawals payable, paid and rejected ones are settled',
    query: sql`select w.id, w.status, t.status as ledger, coalesce(sum(e.amount), 0)::text as payable
      from withdrawals w
      join ledger_transactions t on t.id = w.transaction_id
      left join ledger_entries e on e.transaction_id = w.transaction_id
        and e.account_id in (select id from ledger_accounts where kind = 'HOUSE' and code = 'WITHDRAWALS_PAYABLE')
      group by w.id, t.status
      having coalesce(sum(e.amount), 0) <> case when w.status in ('WAITING_APPROVAL', 'APPROVED') then w.amount else 0 end
        or (w.status = 'PAID') <> (t.status = 'SUCCESS') or (w.status = 'REJECTED') <> (t.status = 'FAILED')`,
  },
  {
    name: 'every outside reference that credited a wallet has its one deposit',
    query: sql`select r.source, r.reference from deposit_references r
      left join ledger_transactions t on t.id = r.transaction_id
      where r.member_id is not null and (t.id is null or t.type <> 'DEPOSIT' or t.member_id <> r.member_id)`,
  },
  {
    name: 'every outside reference refused as not ours credited no one and is its rejected line',
    query: sql`select r.source, r.reference from deposit_references r
      where r.member_id is null and (r.transaction_id is not null or not exists (select 1 from deposit_reviews v
        where v.kind = r.source and v.ref = r.reference and v.status = 'REJECTED'))`,
  },
  {
    name: 'every credit to a member wallet traces to a deposit, a transfer back, a withdrawal returned or a granted condition',
    query: walletCreditsUntraced,
  },
  {
    name: 'statement numbering: each member has rows 1..movement_count, no gaps',
    query: sql`select m.id, m.movement_count, count(t.id) as rows, coalesce(max(t.member_seq), 0) as max_seq
      from members m left join ledger_transactions t on t.member_id = m.id and t.member_seq is not null
      group by m.id having m.movement_count <> count(t.id) or m.movement_count <> coalesce(max(t.member_seq), 0)`,
  },
];

export type LedgerProblem = { check: string; rows: unknown[] };

export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const check of CHECKS) {
    const result = await db.execute(check.query);
    const rows = (result as unknown as { rows: unknown[] }).rows;
    if (rows.length > 0) problems.push({ check: check.name, rows: rows.slice(0, 20) });
  }
  return problems;
}

export const LEDGER_CHECK_NAMES = CHECKS.map((c) => c.name);
