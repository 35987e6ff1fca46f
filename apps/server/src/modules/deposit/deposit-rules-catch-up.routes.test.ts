// A deposit whose process died between the credit and its house rules still gets them, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { coinsOf } from '../spin/testing.ts';
import { signedInMember } from '../wallet/testing.ts';
import { createDepositCredit } from './credit-deposit.ts';
import { createDepositRulesCatchUp } from './deposit-rules-catch-up.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe('deposit rules catch-up', () => {
  it('runs the rules of a credited deposit that never ran them, once, after a grace minute', async () => {
    const m = await signedInMember(t, 0);
    const deposit = { memberId: m.memberId, amount: 30_000n, currency: 'BAHT' as const, fromCode: 'SCB' };
    // The credit commits, then the process "dies": the rules never run.
    await t.db.transaction((tx) =>
      createDepositCredit(t.ctx).creditIn(tx, { ...deposit, source: 'BANK', reference: `014:CRASH${m.memberId}` }),
    );
    expect(await coinsOf(t, m.memberId)).toBe(0);
    const job = createDepositRulesCatchUp(t.ctx);

    expect(await job.runOnce()).toBe(0); // still within the grace minute: may be running inline
    clock += 2 * 60_000;
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await coinsOf(t, m.memberId)).toBe(3); // one coin per 100 baht
    expect(await job.runOnce()).toBe(0);
    expect(await coinsOf(t, m.memberId)).toBe(3);
  });

  it('leaves a deposit alone once its rules ran inline', async () => {
    const m = await signedInMember(t, 0);
    await createDepositCredit(t.ctx).credit({
      memberId: m.memberId,
      amount: 20_000n,
      currency: 'BAHT',
      fromCode: 'SCB',
      source: 'BANK',
      reference: `014:INLINE${m.memberId}`,
    });
    expect(await coinsOf(t, m.memberId)).toBe(2);
    clock += 2 * 60_000;
    await createDepositRulesCatchUp(t.ctx).runOnce();
    expect(await coinsOf(t, m.memberId)).toBe(2);
  });
});
