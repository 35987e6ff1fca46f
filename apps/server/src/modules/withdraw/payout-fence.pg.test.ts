// Payout workers whose leases run out mid-pass, on PostgreSQL (PGlite has one connection and cannot
// show the race): three workers at once call the bank exactly once per withdrawal.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows-of.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createPayoutWorker } from './payout.job.ts';
import { checkWithdrawals, operator, playedMember, sandboxOf, WITHDRAW_TEST_ENV, withdraw } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('payout leases shorter than a pass', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A pass of 20 payments of 30 ms each outlasts the 150 ms lease many times over.
    t = await createTestApp({ ...WITHDRAW_TEST_ENV, PAYOUT_LEASE_MS: '150' });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkWithdrawals(t)).toEqual([]);
    await t.close();
  });

  it('three workers over 40 approved withdrawals with bank faults call the bank once per withdrawal', async () => {
    const ids: number[] = [];
    for (let member = 0; member < 4; member++) {
      const m = await playedMember(t, 60_000);
      for (let i = 0; i < 10; i++) {
        const res = await withdraw(t, m, { amount: 6000 });
        expect(res.json().status).toBe('PENDING');
        ids.push(Number(res.json().withdrawId));
      }
    }
    for (const id of ids) expect((await operator(t, 'approve', id)).json().status).toBe('APPROVED');

    const pay = vi.spyOn(sandboxOf(t), 'pay');
    // Lost answers and timeouts leave attempts unknown; every call takes 30 ms.
    sandboxOf(t).faults.set({ slowMs: 30, lostResponseRate: 0.15, timeoutRate: 0.1, methods: ['pay'] });
    const workers = [createPayoutWorker(t.ctx), createPayoutWorker(t.ctx), createPayoutWorker(t.ctx)];
    const deadline = Date.now() + 20_000;
    const count = async (query: SQL) => Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n);
    const left = () =>
      count(sql`select count(*)::int as n from withdrawals where status = 'APPROVED' and id in ${ids}`);
    await Promise.all(
      workers.map(async (w) => {
        while (Date.now() < deadline && (await left()) > 0) {
          await w.runOnce();
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    sandboxOf(t).faults.reset();
    expect(await left()).toBe(0);

    const calls = new Map<number, number>();
    for (const [request] of pay.mock.calls) calls.set(request.withdrawalId, (calls.get(request.withdrawalId) ?? 0) + 1);
    // A timed-out call never reached the bank and is followed by a new attempt; every other is the only one.
    const twice = rowsOf(
      await t.db.execute(
        sql`select withdrawal_id, pay_calls from sandbox_payouts where pay_calls > 1 and withdrawal_id in ${ids}`,
      ),
    );
    expect(twice).toEqual([]);
    const paid = await count(
      sql`select count(*)::int as n from sandbox_payouts where status = 'PAID' and pay_calls = 1 and withdrawal_id in ${ids}`,
    );
    expect(paid).toBe(ids.length);
    expect(calls.size).toBe(ids.length);
  });
});
