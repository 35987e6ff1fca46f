// Two staff members deciding the same withdrawal at once, on PostgreSQL (PGlite has one connection
// and cannot show the race): one approval, one payment; one rejection, one refund.
import { withdrawalsPaths } from '@krapao/contracts/ops/withdrawals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances } from '../wallet/testing.ts';
import { createPayoutWorker } from './payout.job.ts';
import { bankRows, checkWithdrawals, playedMember, WITHDRAW_TEST_ENV, withdraw } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('two staff members deciding one withdrawal at once', () => {
  let t: TestApp;
  let staff: SignedInStaff[];
  beforeAll(async () => {
    t = await createTestApp(WITHDRAW_TEST_ENV);
    staff = [await signedInStaff(t, 'finance'), await signedInStaff(t, 'admin')];
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkWithdrawals(t)).toEqual([]);
    await t.close();
  });

  const both = (action: 'approve' | 'reject', id: number, body: object) =>
    Promise.all(
      staff.map((s) => opsCall(t, s, 'POST', withdrawalsPaths[action].replace(':withdrawalId', String(id)), body)),
    );
  const audits = (id: number, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.objectId, String(id)), eq(auditLog.objectType, 'withdrawal'), eq(auditLog.action, action)),
      );

  async function waiting() {
    const m = await playedMember(t, 20_000);
    const res = await withdraw(t, m, { amount: 6000 });
    expect(res.json().status).toBe('PENDING');
    return { m, id: Number(res.json().withdrawId) };
  }

  it('two approvals at once: one APPROVED, one OPS_ALREADY_DECIDED, paid once', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await waiting();
      const answers = await both('approve', id, { reason: 'checked' });
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('OPS_ALREADY_DECIDED');
      expect(await audits(id, 'withdrawal.approve')).toHaveLength(1);
      await Promise.all([createPayoutWorker(t.ctx).runOnce(), createPayoutWorker(t.ctx).runOnce()]);
      expect((await bankRows(t, id)).map((r) => [r.status, r.payCalls])).toEqual([['PAID', 1]]);
    }
  });

  it('two rejections at once: the money comes back once', async () => {
    for (let round = 0; round < 5; round++) {
      const { m, id } = await waiting();
      const answers = await both('reject', id, { reason: 'not ours' });
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await balances(t, m)).wallet).toBe(20_000);
      expect(await audits(id, 'withdrawal.reject')).toHaveLength(1);
    }
  });
});
