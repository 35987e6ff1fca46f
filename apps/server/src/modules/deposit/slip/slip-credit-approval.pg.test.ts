// A slip credit waiting for a second person, approved while the bank feed sweep credits the same
// transfer, on PostgreSQL (PGlite has one connection and cannot show the race): exactly one credit,
// and a request whose transfer the feed credited first is closed rejected.
import { approvalsPaths } from '@krapao/contracts/ops/approvals';
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { opsApprovals } from '../../../db/schema/ops-approvals.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../../staff/testing.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import { createBankNoticeSweep } from '../bank-notice/bank-notice-sweep.job.ts';
import { recordTransfer, registeredAccount, slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;

describe.skipIf(process.env.TEST_DB !== 'pg')('slip credit approval racing the bank feed on PostgreSQL', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof slipTestApp>>;
  let finance: SignedInStaff;
  let admin: SignedInStaff;
  beforeAll(async () => {
    t = await slipTestApp(clock, { OPS_MANUAL_ADJUST_LIMIT_BAHT: '1000' });
    finance = await signedInStaff(t, 'finance');
    admin = await signedInStaff(t, 'admin');
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** A member's 2 000 baht transfer into the AUTO house account, its slip PENDING, sent for approval. */
  async function requested() {
    const m = await signedInMember(t, 0);
    const sent = await recordTransfer(t, {
      from: await registeredAccount(t, m.memberId),
      to: { bankCode: 'SCB', accountNo: '4071234567' },
      amount: 2000,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
      visibleAt: new Date(clock.now().getTime() + MINUTE),
    });
    const slipId = (await slipOf(t, (await uploadSlip(t, m, sent.png)).json().reference)).id;
    clock.advance(2 * MINUTE);
    const body = { amount: '2000', sendingBank: sent.sendingBank, transRef: sent.transRef, reason: 'on the statement' };
    const res = await opsCall(t, finance, 'POST', slipsPaths.credit.replace(':slipId', String(slipId)), body);
    expect(res.json().approvalId).toEqual(expect.any(Number));
    return { m, approvalId: res.json().approvalId as number };
  }

  it('approve and the feed sweep at once: exactly one credit, the approval booked or closed', async () => {
    for (let round = 0; round < 8; round++) {
      const { m, approvalId } = await requested();
      const path = approvalsPaths.slipCreditApprove.replace(':approvalId', String(approvalId));
      const [approved] = await Promise.all([
        opsCall(t, admin, 'POST', path, { reason: 'checked' }),
        createBankNoticeSweep(t.ctx).runOnce(),
      ]);
      expect((await balances(t, m)).wallet).toBe(2000);
      const deposits = await t.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.memberId, m.memberId), eq(ledgerTransactions.type, 'DEPOSIT')));
      expect(deposits).toHaveLength(1);
      const [approval] = await t.db.select().from(opsApprovals).where(eq(opsApprovals.id, approvalId));
      if (approved.statusCode === 200) {
        expect(approval).toMatchObject({ status: 'booked', transactionId: deposits[0]!.id });
      } else {
        expect(approved.json().message).toBe('OPS_REFERENCE_USED');
        expect(approval).toMatchObject({ status: 'rejected', transactionId: null });
      }
    }
  });
});
