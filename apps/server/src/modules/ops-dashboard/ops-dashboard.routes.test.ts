// The dashboard's figures against known data: each test reads the dashboard, seeds money, members
// and queue items through the real services (or rows a queue is made of), and reads it again. A queue
// tile counts what that queue's console page lists.
import type { Currency } from '@krapao/contracts/constants';
import { depositsPaths } from '@krapao/contracts/ops/deposits';
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { transfersPaths } from '@krapao/contracts/ops/transfers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slips } from '../../db/schema/deposits.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBankNoticeSweep } from '../deposit/bank-notice/bank-notice-sweep.job.ts';
import { bankTransfer, HOUSE } from '../deposit/bank-notice/testing.ts';
import { createDepositCredit } from '../deposit/credit.ts';
import { sweepWithLog } from '../deposit/truemoney/testing.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { signedInMember } from '../wallet/testing.ts';
import { playedMember, WITHDRAW_TEST_ENV, withdraw } from '../withdraw/testing.ts';
import { dashboardOf, dayDeltas, queueOf } from './testing.ts';

let t: TestApp;
let staff: SignedInStaff;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({
    ...WITHDRAW_TEST_ENV,
    TRUEMONEY_INTERVAL_MS: '0',
    TRUEMONEY_TIMEOUT_MS: '50',
    OPS_TRANSFER_STUCK_MINUTES: '10',
  });
  staff = await signedInStaff(t, 'support');
  finance = await signedInStaff(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

let refs = 0;
const ref = (tag: string) => `${tag}-dash-${process.pid}-${++refs}`;

/** How many items of `currency` a queue's console page lists (all of them: fewer than its limit). */
async function listedOf(path: string, currency: Currency = 'BAHT'): Promise<number> {
  const res = await opsCall(t, finance, 'GET', `${path}?limit=200`);
  expect(res.statusCode).toBe(200);
  const items: { currency: string }[] = res.json().items;
  expect(items.length).toBeLessThan(200);
  return items.filter((i) => i.currency === currency).length;
}

describe('GET /api/ops/dashboard: days', () => {
  it('answers the last 7 days and today in the site time zone, today last', async () => {
    const d = await dashboardOf(t, staff);
    expect(d.days).toHaveLength(8);
    expect(d.timeZone).toBe('Asia/Bangkok');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(t.ctx.now());
    expect(d.days.at(-1)?.date).toBe(today);
    const first = new Date(`${d.days[0]!.date}T00:00:00Z`).getTime();
    expect(new Date(`${today}T00:00:00Z`).getTime() - first).toBe(7 * 86_400_000);
  });

  it('sums deposits by channel, withdrawals paid, net and new members per day, per currency', async () => {
    const before = await dashboardOf(t, staff);
    const beforeLak = await dashboardOf(t, staff, 'LAK');

    const m = await playedMember(t, 1000); // a new member, and a BANK booking of 1000
    expect((await withdraw(t, m, { amount: 300.5 })).json()).toMatchObject({ status: 'SUCCESS' });
    const credits = createDepositCredit(t.ctx);
    const deposit = (source: 'QR' | 'BANK' | 'TRUEMONEY', baht: number) =>
      credits.credit({
        memberId: m.memberId,
        amount: BigInt(baht * 100),
        currency: 'BAHT',
        source,
        reference: ref(source),
        fromCode: source,
      });
    await deposit('QR', 100);
    await deposit('TRUEMONEY', 20);
    const old = await deposit('BANK', 50);
    if (!old.credited) throw new Error('not credited');
    await t.db.execute(
      sql`update ledger_transactions set created_at = now() - interval '3 days' where id = ${old.transactionId}`,
    );
    await memberWithMoney(t.db, 7000n, 'LAK');

    const deltas = dayDeltas(before.days, (await dashboardOf(t, staff)).days);
    const zero = { QR: 0, BANK: 0, TRUEMONEY: 0, OTHER: 0, withdrawalsPaid: 0, net: 0, newMembers: 0 };
    expect(deltas.at(-1)).toEqual({
      ...zero,
      date: before.days.at(-1)?.date,
      QR: 100,
      BANK: 1000,
      TRUEMONEY: 20,
      withdrawalsPaid: 300.5,
      net: 1000 + 100 + 20 - 300.5,
      newMembers: 1,
    });
    expect(deltas.at(-4)).toEqual({ ...zero, date: before.days.at(-4)?.date, BANK: 50, net: 50 });
    for (const other of [...deltas.slice(0, 4), ...deltas.slice(5, 7)])
      expect(other).toEqual({ ...zero, date: other.date });

    const lak = dayDeltas(beforeLak.days, (await dashboardOf(t, staff, 'LAK')).days);
    expect(lak.at(-1)).toEqual({ ...zero, date: before.days.at(-1)?.date, BANK: 7000, net: 7000, newMembers: 1 });
  });

  it('leaves out deposits older than the window and deposits of the other currency', async () => {
    const before = await dashboardOf(t, staff);
    const memberId = await memberWithMoney(t.db, 4200n);
    await t.db.execute(
      sql`update ledger_transactions set created_at = now() - interval '9 days' where member_id = ${memberId}`,
    );
    await t.db.execute(sql`update members set created_at = now() - interval '9 days' where id = ${memberId}`);
    expect((await dashboardOf(t, staff)).days).toEqual(before.days);
  });
});

describe('GET /api/ops/dashboard: queues', () => {
  it('counts withdrawals waiting for approval, with the oldest one’s time', async () => {
    const before = queueOf(await dashboardOf(t, staff), 'withdrawals');
    const beforeLak = queueOf(await dashboardOf(t, staff, 'LAK'), 'withdrawals');
    const m = await signedInMember(t, 500); // money not played through: the withdrawal waits
    expect((await withdraw(t, m, { amount: 200 })).json()).toMatchObject({ status: 'PENDING' });
    await t.db.execute(
      sql`update withdrawals set created_at = now() - interval '2 hours' where member_id = ${m.memberId}`,
    );
    const after = queueOf(await dashboardOf(t, staff), 'withdrawals');
    expect(after.size).toBe(before.size + 1);
    const [row] = await t.db
      .execute(sql`select min(created_at) as at from withdrawals where member_id = ${m.memberId}`)
      .then((r) => (r as unknown as { rows: { at: string }[] }).rows ?? r);
    expect(new Date(after.oldestAt!).getTime()).toBeLessThanOrEqual(new Date(row!.at).getTime());
    expect(queueOf(await dashboardOf(t, staff, 'LAK'), 'withdrawals').size).toBe(beforeLak.size);
  });

  it('counts what the slips queue lists: FAILED slips nobody reviewed, PENDING ones past 5 minutes', async () => {
    const before = queueOf(await dashboardOf(t, staff), 'slips');
    const beforeLak = queueOf(await dashboardOf(t, staff, 'LAK'), 'slips');
    const memberId = await memberWithMoney(t.db, 0n);
    const now = Date.now();
    const slip = (status: string, minutesAgo: number, reviewed = false) => ({
      memberId,
      reference: ref('slip'),
      status,
      currency: 'BAHT',
      createdAt: new Date(now - minutesAgo * 60_000),
      ...(reviewed ? { reviewedAt: new Date(now), reviewedBy: finance.id } : {}),
    });
    await t.db
      .insert(slips)
      .values([
        slip('PENDING', 60),
        slip('PENDING', 2),
        slip('FAILED', 5 * 60),
        slip('FAILED', 30 * 60),
        slip('FAILED', 60, true),
        slip('SUCCESS', 120),
      ]);
    const after = queueOf(await dashboardOf(t, staff), 'slips');
    expect(after.size).toBe(before.size + 3);
    expect(after.size).toBe(await listedOf(slipsPaths.list));
    expect(new Date(after.oldestAt!).getTime()).toBeLessThanOrEqual(now - 30 * 3_600_000);
    expect(queueOf(await dashboardOf(t, staff, 'LAK'), 'slips').size).toBe(beforeLak.size);
  });

  it('counts transfers PENDING or UNKNOWN for OPS_TRANSFER_STUCK_MINUTES (10 here) or more', async () => {
    const before = queueOf(await dashboardOf(t, staff), 'transfers');
    const memberId = await memberWithMoney(t.db, 0n);
    const transfer = (status: string, minutesAgo: number) => ({
      memberId,
      type: 'TRANSFER',
      status,
      amount: 100n,
      currency: 'BAHT',
      metadata: { direction: 'TO_GAME', gameCode: 'dash-game' },
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.db
      .insert(ledgerTransactions)
      .values([
        transfer('UNKNOWN', 30),
        transfer('PENDING', 11),
        transfer('PENDING', 6),
        transfer('PENDING', 1),
        transfer('SUCCESS', 60),
      ]);
    const after = queueOf(await dashboardOf(t, staff), 'transfers');
    expect(after.size).toBe(before.size + 2);
    expect(after.size).toBe(await listedOf(transfersPaths.list));
    expect(new Date(after.oldestAt!).getTime()).toBeLessThanOrEqual(Date.now() - 30 * 60_000 + 1000);
  });

  it('counts bank-feed and TrueMoney lines no member matched, and TrueMoney money held for review', async () => {
    const before = await dashboardOf(t, staff);
    const stranger = { fromBankCode: 'SCB', fromAccountNo: `9${String(Date.now()).slice(-8)}`, amount: 40 };
    expect((await bankTransfer(t, { ...stranger, toAccountNo: HOUSE.autoScb })).res.statusCode).toBe(200);
    await createBankNoticeSweep(t.ctx).runOnce();

    const send = async (fromPhone: string, amount: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/truemoney/transfer',
        payload: { fromPhone, amount },
      });
      expect(res.statusCode).toBe(200);
    };
    await send('0999000111', 25); // no member has this phone
    const unproven = await signedInMember(t, 0);
    const [member] = await t.db
      .execute(sql`select username from members where id = ${unproven.memberId}`)
      .then((r) => (r as unknown as { rows: { username: string }[] }).rows ?? r);
    await send(member!.username, 30); // a member who never proved the phone: held for review
    await sweepWithLog(t).sweep.runOnce();

    const after = await dashboardOf(t, staff);
    expect(queueOf(after, 'unmatched').size).toBe(queueOf(before, 'unmatched').size + 2);
    expect(queueOf(after, 'depositReviews').size).toBe(queueOf(before, 'depositReviews').size + 1);
    const lak = await dashboardOf(t, staff, 'LAK');
    expect(queueOf(lak, 'unmatched').size).toBe(0);
    const deposits = (d: typeof after) => queueOf(d, 'unmatched').size + queueOf(d, 'depositReviews').size;
    expect(deposits(after)).toBe(await listedOf(depositsPaths.list));

    // A held line whose reference some credit took meanwhile leaves the queue and the tiles at once.
    const [held] = await t.db
      .execute(sql`select kind, ref from deposit_reviews where status = 'WAITING' and member_id is not null
        and currency = 'BAHT' order by id desc limit 1`)
      .then((r) => (r as unknown as { rows: { kind: string; ref: string }[] }).rows ?? r);
    await t.db.execute(
      sql`insert into deposit_references (source, reference, member_id) values (${held!.kind}, ${held!.ref}, ${unproven.memberId})`,
    );
    const later = await dashboardOf(t, staff);
    expect(queueOf(later, 'depositReviews').size).toBe(queueOf(after, 'depositReviews').size - 1);
    expect(deposits(later)).toBe(await listedOf(depositsPaths.list));
  });
});
