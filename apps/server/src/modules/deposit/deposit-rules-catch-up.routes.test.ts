// A deposit whose process died between the credit and its house rules still gets them, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activateBonus, checkActive } from '../bonus/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
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

/** 300 deposited and WELCOME taken: a condition starting at 600 with its target at 1,800. */
async function withWelcome(): Promise<Member> {
  const m = await signedInMember(t, 300);
  expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
  expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 600, target: 1800 });
  return m;
}

describe('deposit rules catch-up', () => {
  it('runs the rules of a credited deposit that never ran them, once, after a grace minute', async () => {
    const m = await withWelcome();
    const deposit = { memberId: m.memberId, amount: 30_000n, currency: 'BAHT' as const, fromCode: 'SCB' };
    // The credit commits, then the process "dies": the rules never run.
    await t.db.transaction((tx) =>
      createDepositCredit(t.ctx).creditIn(tx, { ...deposit, source: 'BANK', reference: `014:CRASH${m.memberId}` }),
    );
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 600, target: 1800 });
    const job = createDepositRulesCatchUp(t.ctx);

    expect(await job.runOnce()).toBe(0); // still within the grace minute: may be running inline
    clock += 2 * 60_000;
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    // The active condition is raised by the deposit: start and target.
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 900, target: 2100 });
    expect(await job.runOnce()).toBe(0);
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 900, target: 2100 });
  });

  it('leaves a deposit alone once its rules ran inline', async () => {
    const m = await withWelcome();
    await createDepositCredit(t.ctx).credit({
      memberId: m.memberId,
      amount: 20_000n,
      currency: 'BAHT',
      fromCode: 'SCB',
      source: 'BANK',
      reference: `014:INLINE${m.memberId}`,
    });
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 800, target: 2000 });
    clock += 2 * 60_000;
    await createDepositRulesCatchUp(t.ctx).runOnce();
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 800, target: 2000 });
  });
});
