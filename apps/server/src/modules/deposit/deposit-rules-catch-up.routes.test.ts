// The deposit-credited event: delivered to the subscribers after the credit commits, and a deposit
// whose process died between the commit and the delivery still gets it, once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activateBonus, checkActive } from '../bonus/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { createDepositCredit } from './credit.ts';
import { type DepositCredited, onDepositCredited } from './deposit-credited.ts';
import { createDepositRulesCatchUp } from './deposit-rules-catch-up.job.ts';

/** `dies.next`: the process dies right after the next crediting transaction commits. */
const dies = vi.hoisted(() => ({ next: false }));
vi.mock('./deposit-credited.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./deposit-credited.ts')>();
  return {
    ...real,
    async deliverDepositCredited(...args: Parameters<typeof real.deliverDepositCredited>) {
      if (dies.next) {
        dies.next = false;
        throw new Error('process died');
      }
      return real.deliverDepositCredited(...args);
    },
  };
});

let t: TestApp;
let clock = Date.now();
const heard: DepositCredited[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  onDepositCredited(t.ctx, { credited: async (d) => void heard.push(d) });
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

const bankDeposit = (m: Member, amount: bigint, reference: string) => ({
  memberId: m.memberId,
  amount,
  currency: 'BAHT' as const,
  fromCode: 'SCB',
  source: 'BANK' as const,
  reference: `014:${reference}${m.memberId}`,
});

describe('deposit credited', () => {
  it('is heard by every subscriber after the commit, once per deposit', async () => {
    const m = await withWelcome();
    const credit = createDepositCredit(t.ctx);
    const result = await credit.credit(bankDeposit(m, 10_000n, 'HEARD'));
    if (!result.credited) throw new Error('not credited');
    expect(heard.filter((d) => d.memberId === m.memberId)).toEqual([
      { memberId: m.memberId, amount: 10_000n, currency: 'BAHT', transactionId: result.transactionId },
    ]);
    // The bonus module's subscriber raised the active condition.
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 700, target: 1900 });
    // The same reference again credits nothing and is heard by no one.
    expect((await credit.credit(bankDeposit(m, 10_000n, 'HEARD'))).credited).toBe(false);
    expect(heard.filter((d) => d.memberId === m.memberId)).toHaveLength(1);
  });
});

describe('deposit rules catch-up', () => {
  it('runs the rules of a credited deposit that never ran them, once, after a grace minute', async () => {
    const m = await withWelcome();
    // The credit commits, then the process "dies": the rules never run.
    dies.next = true;
    await expect(createDepositCredit(t.ctx).credit(bankDeposit(m, 30_000n, 'CRASH'))).rejects.toThrow('process died');
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 600, target: 1800 });
    const job = createDepositRulesCatchUp(t.ctx);

    expect(await job.runOnce()).toBe(0); // still within the grace minute: may be running inline
    clock += 2 * 60_000;
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    // The active condition is raised by the deposit: start and target.
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 900, target: 2100 });
    expect(heard.filter((d) => d.memberId === m.memberId)).toHaveLength(1);
    expect(await job.runOnce()).toBe(0);
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 900, target: 2100 });
  });

  it('leaves a deposit alone once its rules ran inline', async () => {
    const m = await withWelcome();
    await createDepositCredit(t.ctx).credit(bankDeposit(m, 20_000n, 'INLINE'));
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 800, target: 2000 });
    clock += 2 * 60_000;
    await createDepositRulesCatchUp(t.ctx).runOnce();
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 800, target: 2000 });
  });
});
