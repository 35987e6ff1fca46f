// Helpers the withdraw tests share: members with played-through money, the calls, the operator's
// dev endpoints, the payout sandbox and the invariant of withdrawals payable.
import type { Currency } from '@krapao/contracts/constants';
import { devPaths } from '@krapao/contracts/dev';
import { MINOR_UNITS } from '@krapao/contracts/money';
import type { TDevWithdrawal, TWithdrawReview } from '@krapao/contracts/withdraw';
import { eq, sql } from 'drizzle-orm';
import { isSandboxPayouts, type SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.ts';
import { sandboxPayouts } from '../../db/schema/deposits.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { setUnplayed } from '../turnover/testing.ts';
import { call, type Member } from '../wallet/testing.ts';

export { setUnplayed, unplayedOf } from '../turnover/testing.ts';

/** Payouts answer quickly in tests: a timeout fault costs 50 ms; the worker runs only when told. */
export const WITHDRAW_TEST_ENV = { PAYOUT_INTERVAL_MS: '0', PAYOUT_TIMEOUT_MS: '50', PAYOUT_INLINE_TIMEOUT_MS: '50' };

let keys = 0;
export const newKey = () => `wd-key-${Date.now()}-${++keys}`;

/**
 * A signed-in member whose wallet holds `amount` (major units of `currency`) already played through:
 * its withdrawals are decided on the amount and the 24 h limits alone.
 */
export async function playedMember(t: TestApp, amount: number, currency: Currency = 'BAHT'): Promise<Member> {
  const memberId = await memberWithMoney(t.db, BigInt(Math.round(amount * MINOR_UNITS[currency])), currency);
  await setUnplayed(t, memberId, 0n);
  const member = await createMemberRepository(t.db).byId(memberId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member!.username, password: 'secret123' },
    remoteAddress: `10.2.${memberId % 250}.${(memberId * 7) % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { memberId, token: res.json().token };
}

/** Makes the member's withdrawals look `hours` old (the 24 h window is on the database clock). */
export async function ageWithdrawals(t: TestApp, memberId: number, hours: number) {
  await t.db.execute(
    sql`update withdrawals set created_at = now() - make_interval(hours => ${hours}) where member_id = ${memberId}`,
  );
}

export async function review(t: TestApp, m: Member): Promise<TWithdrawReview> {
  const res = await call(t, m, 'GET', '/api/wallet/withdraw/review');
  if (res.statusCode !== 200) throw new Error(`review failed: ${res.body}`);
  return res.json();
}

export function withdraw(
  t: TestApp,
  m: Member,
  body: unknown,
  key: string | undefined = newKey(),
  path = 'withdrawAll',
) {
  return call(t, m, 'POST', `/api/wallet/${path}`, body, key);
}

export async function statement(t: TestApp, m: Member) {
  return (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).json() as {
    total: number;
    statements: { _id: string; statementType: string; from: string; to: string; amount: number; status: string }[];
  };
}

export async function withdrawalsOf(t: TestApp, memberId: number): Promise<TDevWithdrawal[]> {
  const res = await t.app.inject({ method: 'GET', url: `${devPaths.withdrawals}?memberId=${memberId}` });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
  return res.json();
}

export function operator(t: TestApp, action: 'approve' | 'reject', withdrawalId: string | number) {
  return t.app.inject({ method: 'POST', url: `/dev/withdrawals/${withdrawalId}/${action}` });
}

export function sandboxOf(t: TestApp): SandboxPayouts {
  const payouts = t.ctx.payments.payouts;
  if (!isSandboxPayouts(payouts)) throw new Error('PAYOUT_ADAPTER is not the sandbox');
  return payouts;
}

/** The sandbox bank's book for one withdrawal id. */
export async function bankRows(t: TestApp, withdrawalId: string | number) {
  return t.db
    .select()
    .from(sandboxPayouts)
    .where(eq(sandboxPayouts.withdrawalId, Number(withdrawalId)));
}

/**
 * Withdrawals payable holds exactly the withdrawals still on their way: each waiting or approved
 * one's amount, nothing of a paid or rejected one; and every paid one is in the bank's book once.
 */
export async function checkWithdrawals(t: TestApp): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select w.id, w.status, w.amount::text, coalesce(sum(e.amount), 0)::text as payable, t.status as ledger
    from withdrawals w
    join ledger_transactions t on t.id = w.transaction_id
    left join ledger_entries e on e.transaction_id = w.transaction_id
      and e.account_id in (select id from ledger_accounts where kind = 'HOUSE' and code = 'WITHDRAWALS_PAYABLE')
    left join sandbox_payouts p on p.withdrawal_id = w.id and p.status = 'PAID'
    group by w.id, t.status, p.withdrawal_id, p.amount
    having coalesce(sum(e.amount), 0) <> case when w.status in ('WAITING_APPROVAL', 'APPROVED') then w.amount else 0 end
      or (w.status = 'PAID') <> (t.status = 'SUCCESS')
      or (w.status = 'REJECTED') <> (t.status = 'FAILED')
      or (w.status = 'PAID') <> (p.withdrawal_id is not null and p.amount = w.amount)`);
  return (result as unknown as { rows: unknown[] }).rows;
}
