// AUTO mode: money a member sends from their registered phone to the house TrueMoney wallet is
// credited by the sweep, once, when the member proved that phone by OTP; money from an unknown or
// unproven phone is set aside, not credited.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositReviews } from '../../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createMemberRepository } from '../../account/member.repository.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, type Member, signedInMember } from '../../wallet/testing.ts';
import { HOUSE_TRUEMONEY_WALLET } from '../seed-deposit.ts';
import { provePhone, sandboxOf, setDepositLookup, statementRows, sweepWithLog, voucherRow } from './testing.ts';
import { UNPROVEN_PHONE } from './truemoney-sweep.job.ts';

describe('TrueMoney AUTO wallet transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUEMONEY_INTERVAL_MS: '0', TRUEMONEY_TIMEOUT_MS: '50' });
  });
  afterEach(() => sandboxOf(t).faults.reset());
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  /** The member's phone, proven by OTP (the phones the sweep credits). */
  async function phoneOf(m: Member) {
    await provePhone(t, m);
    return (await createMemberRepository(t.db).byId(m.memberId))!.username;
  }

  async function send(fromPhone: string, amount: number) {
    const res = await t.app.inject({ method: 'POST', url: '/dev/truemoney/transfer', payload: { fromPhone, amount } });
    expect(res.statusCode).toBe(200);
    return res.json().ref as string;
  }

  it('credits a transfer from the member’s phone once, however often the sweep runs', async () => {
    const m = await signedInMember(t, 0);
    const ref = await send(await phoneOf(m), 30);
    expect((await voucherRow(t, ref)).meta).toMatchObject({ toPhone: HOUSE_TRUEMONEY_WALLET });
    const { sweep } = sweepWithLog(t);
    const [first, second] = await Promise.all([sweep.runOnce(), sweep.runOnce()]);
    expect(first + second).toBe(1);
    expect(await sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(30);
    expect(await statementRows(t, m)).toEqual([
      expect.objectContaining({ statementType: 'deposit', from: 'TRUEMONEY', amount: 30, status: 'SUCCESS' }),
    ]);
    expect((await voucherRow(t, ref)).processedAt).not.toBeNull();
  });

  it('sets aside money from a phone that is no member’s: processed, logged, credited to no one', async () => {
    const m = await signedInMember(t, 0);
    const ref = await send('0999000111', 25);
    const { sweep, log } = sweepWithLog(t);
    expect(await sweep.runOnce()).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ ref, fromPhone: '0999000111' }),
      expect.any(String),
    );
    expect(await voucherRow(t, ref)).toMatchObject({ meta: expect.objectContaining({ outcome: 'NO_MEMBER' }) });
    expect((await voucherRow(t, ref)).processedAt).not.toBeNull();
    expect(await sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('holds a transfer from a phone never proven by OTP for review: processed once, credited to no one', async () => {
    const m = await signedInMember(t, 0);
    const phone = (await createMemberRepository(t.db).byId(m.memberId))!.username;
    const ref = await send(phone, 40);
    const { sweep, log } = sweepWithLog(t);
    const [first, second] = await Promise.all([sweep.runOnce(), sweep.runOnce()]);
    expect(first + second).toBe(0);
    expect(await sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await statementRows(t, m)).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ ref, memberId: m.memberId }), expect.any(String));
    expect(await voucherRow(t, ref)).toMatchObject({ meta: expect.objectContaining({ outcome: 'REVIEW' }) });
    const held = await t.db.select().from(depositReviews).where(eq(depositReviews.memberId, m.memberId));
    expect(held).toEqual([
      expect.objectContaining({
        kind: 'TRUEMONEY',
        ref: `transfer:${ref}`,
        amount: 4000n,
        currency: 'BAHT',
        reason: UNPROVEN_PHONE,
        status: 'WAITING',
        detail: { fromPhone: phone, at: expect.any(String) },
      }),
    ]);
  });

  it('keeps transfers waiting while the lookup has no AUTO wallet, and credits them when it has again', async () => {
    const m = await signedInMember(t, 0);
    const ref = await send(await phoneOf(m), 12.5);
    await setDepositLookup(t, { wallets: [{ mode: 'gift', walletAccountName: 'KRAPAO WALLET' }] });
    try {
      expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
      expect((await voucherRow(t, ref)).processedAt).toBeNull();
      const refused = await t.app.inject({
        method: 'POST',
        url: '/dev/truemoney/transfer',
        payload: { fromPhone: '0811111111', amount: 5 },
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      await setDepositLookup(t);
    }
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(1);
    expect((await balances(t, m)).wallet).toBe(12.5);
  });

  it('a TrueMoney fault during the sweep loses nothing: the next pass credits', async () => {
    const m = await signedInMember(t, 0);
    await send(await phoneOf(m), 8);
    sandboxOf(t).faults.set({ next: ['error5xx'], methods: ['incoming'] });
    const { sweep } = sweepWithLog(t);
    await expect(sweep.runOnce()).rejects.toThrow(/unavailable/);
    expect((await balances(t, m)).wallet).toBe(0);
    expect(await sweep.runOnce()).toBe(1);
    expect((await balances(t, m)).wallet).toBe(8);
  });

  it('the interval job credits on its own', async () => {
    const m = await signedInMember(t, 0);
    await send(await phoneOf(m), 9);
    const { sweep } = sweepWithLog(t);
    sweep.start(10, (err) => {
      throw err;
    });
    try {
      await expect.poll(async () => (await balances(t, m)).wallet, { timeout: 5000 }).toBe(9);
    } finally {
      await sweep.stop();
    }
  });
});
