// The deposit and withdrawal invariants of ledger:check report a half-written state.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositReferences, withdrawals } from '../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { checkLedger } from './ledger-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = async () => (await checkLedger(t.db)).map((p) => p.check);

describe('ledger:check on deposits and withdrawals', () => {
  it('reports an outside reference whose deposit is missing', async () => {
    const m = await signedInMember(t, 0);
    expect(await names()).toEqual([]);
    await t.db.insert(depositReferences).values({ source: 'BANK', reference: '004:LOST', memberId: m.memberId });
    expect(await names()).toEqual(['every outside reference that credited a wallet has its one deposit']);
    await t.db.delete(depositReferences).where(eq(depositReferences.reference, '004:LOST'));
  });

  it('reports a withdrawal whose status disagrees with the money held for it', async () => {
    const m = await signedInMember(t, 10_000);
    const res = await call(t, m, 'POST', '/api/wallet/withdrawAll', { amount: 6_000 }, 'check-w1');
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    expect(await names()).toEqual([]);
    await t.db.update(withdrawals).set({ status: 'PAID' }).where(eq(withdrawals.memberId, m.memberId));
    expect(await names()).toEqual([
      'no withdrawal half-written: held ones sit in withdrawals payable, paid and rejected ones are settled',
    ]);
    await t.db.update(withdrawals).set({ status: 'WAITING_APPROVAL' }).where(eq(withdrawals.memberId, m.memberId));
    expect(await names()).toEqual([]);
  });
});
