// Staff settling a stuck transfer by hand while the reconciler runs, on PostgreSQL (PGlite has one
// connection and cannot show the race): the transfer settles once, the ledger balances, the member's
// money is where the provider says — with the lease keeping them apart, and with no lease at all
// (RECONCILE_LEASE_MS=0), where only the settlement's status guard stands between them.
import { transfersPaths } from '@krapao/contracts/ops/transfers';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, call, signedInMember } from './testing.ts';
import { createReconciler } from './transfer-reconcile.job.ts';

const ROUNDS = 6;

describe.each([
  ['with the reconciler lease', '30000'],
  ['with no lease (the status guard alone)', '0'],
])('staff settling by hand while the reconciler runs, %s', (_name, leaseMs) => {
  let t: TestApp;
  let staff: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ PROVIDER_TIMEOUT_MS: '50', RECONCILE_LEASE_MS: leaseMs });
    staff = await signedInStaff(t, 'finance');
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** 60 of the member's 100 baht on their way to PG, UNKNOWN; `applied`: the provider has it. */
  async function stuck(applied: boolean) {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    const sandbox = t.ctx.gameProviders.sandbox!;
    sandbox.faults.set({
      next: [applied ? 'lostResponse' : 'error5xx', 'error5xx'],
      methods: ['deposit', 'transferStatus'],
    });
    const res = await call(
      t,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'PG', amount: 60 },
      `s-${m.memberId}`,
    );
    sandbox.faults.reset();
    expect(res.json().status).toBe('PENDING');
    return { m, id: Number(res.json().transferId) };
  }

  const settledBy = async (id: number) => {
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'transfer'), eq(auditLog.objectId, String(id))));
    const [postings] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, id));
    // The hold wrote two entries; one settlement writes two more.
    return { audits: audits.length, entries: Number(postings!.n) };
  };

  it.each([
    ['went through at the provider', true, 'SUCCESS', { wallet: 40, slots: { PG: 60 } }],
    ['never reached the provider', false, 'FAILED', { wallet: 100, slots: { PG: 0 } }],
  ] as const)('a transfer that %s settles once', async (_what, applied, outcome, after) => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, id } = await stuck(applied);
      const url = transfersPaths.settle.replace(':transferId', String(id));
      const [byHand, , reconcileNow] = await Promise.all([
        opsCall(t, staff, 'POST', url, { outcome, reason: 'checked the provider back office' }),
        createReconciler(t.ctx).runOnce(),
        opsCall(t, staff, 'POST', transfersPaths.reconcile.replace(':transferId', String(id)), {}),
      ]);
      for (const res of [byHand, reconcileNow]) {
        const answer = res.statusCode === 200 ? res.json().status : res.json().message;
        expect([outcome, 'OPS_ALREADY_DECIDED', 'KEY_INVALID']).toContain(answer);
      }
      // Whatever lost the race may have left it UNKNOWN for a moment; a pass settles what is left.
      await createReconciler(t.ctx).runOnce();
      const [row] = await t.db
        .select({ status: ledgerTransactions.status })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, id));
      expect(row?.status).toBe(outcome);
      expect(await balances(t, m)).toMatchObject(after);
      const by = await settledBy(id);
      expect(by.entries).toBe(4);
      expect(by.audits).toBe(
        [byHand, reconcileNow].filter((r) => r.statusCode === 200 && r.json().status === outcome).length,
      );
    }
  });
});
