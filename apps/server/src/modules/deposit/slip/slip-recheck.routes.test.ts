// A slip the bank has not shown yet, or a verifier that does not answer, is retried by the job,
// never rejected at once; the job gives up at the deadline. The verifier's other faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSlipVerifierOf } from '../../../adapters/slip/sandbox-verifier.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import { createSlipRepository } from './slip.repository.ts';
import { reencodeSlip, storeSlipImage } from './slip-file.ts';
import { createSlipRechecker } from './slip-recheck.job.ts';
import { recordTransfer, registeredAccount, slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;
const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
beforeAll(async () => {
  t = await slipTestApp(clock);
});
afterEach(() => sandboxSlipVerifierOf(t.ctx.payments.slipVerifier)?.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const faults = () => sandboxSlipVerifierOf(t.ctx.payments.slipVerifier)!.faults;
const job = () => createSlipRechecker(t.ctx);

async function pendingSlip(amount: number, visibleInMs = 0) {
  const m = await signedInMember(t, 0);
  const from = await registeredAccount(t, m.memberId);
  const occurredAt = new Date(clock.now().getTime() - MINUTE);
  const slip = await recordTransfer(t, {
    from,
    amount,
    occurredAt,
    visibleAt: new Date(clock.now().getTime() + visibleInMs),
  });
  return { m, slip };
}

describe('a bank delay', () => {
  it('leaves the slip PENDING, and the job credits it once the bank shows the transfer', async () => {
    const { m, slip } = await pendingSlip(250, 2 * MINUTE);
    const res = await uploadSlip(t, m, slip.png);
    expect(res.json()).toMatchObject({ message: 'PENDING', status: 'PENDING', note: null, amount: 0 });
    expect((await balances(t, m)).wallet).toBe(0);
    const row = await slipOf(t, res.json().reference);
    expect(row.nextCheckAt!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(row.leaseUntil).toBeNull();

    expect(await job().runOnce()).toBe(0);
    clock.advance(MINUTE);
    await job().runOnce();
    expect((await slipOf(t, res.json().reference)).status).toBe('PENDING');
    clock.advance(2 * MINUTE);
    await job().runOnce();
    expect(await slipOf(t, res.json().reference)).toMatchObject({ status: 'SUCCESS', amount: 25_000n });
    expect((await balances(t, m)).wallet).toBe(250);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/statement/slip',
      headers: { 'x-wallet-user': 'true', authorization: `Bearer ${m.token}` },
      payload: { page: 1, limit: 10 },
    });
    expect(list.json().slips[0]).toMatchObject({ status: 'SUCCESS', amount: 250 });
    // Run again: nothing more to do, nothing credited twice.
    clock.advance(10 * MINUTE);
    await job().runOnce();
    expect((await balances(t, m)).wallet).toBe(250);
  });

  it('gives up at the deadline with UNKNOW_ERROR', async () => {
    const { m, slip } = await pendingSlip(90, 3 * 60 * MINUTE);
    const res = await uploadSlip(t, m, slip.png);
    expect(res.json().status).toBe('PENDING');
    for (let i = 0; i < 7; i++) {
      clock.advance(4 * MINUTE);
      await job().runOnce();
    }
    const row = await slipOf(t, res.json().reference);
    expect(row.status).toBe('PENDING');
    expect(row.attempts).toBeGreaterThan(2);
    clock.advance(4 * MINUTE);
    await job().runOnce();
    expect(await slipOf(t, res.json().reference)).toMatchObject({ status: 'FAILED', note: 'UNKNOW_ERROR' });
    expect((await balances(t, m)).wallet).toBe(0);
  });
});

describe('verifier faults', () => {
  it('5xx and timeout: PENDING, then credited by the job', async () => {
    for (const fault of ['error5xx', 'timeout'] as const) {
      const { m, slip } = await pendingSlip(70);
      faults().set({ next: [fault] });
      const res = await uploadSlip(t, m, slip.png);
      expect(res.json(), fault).toMatchObject({ message: 'PENDING', status: 'PENDING' });
      clock.advance(MINUTE);
      await job().runOnce();
      expect((await slipOf(t, res.json().reference)).status, fault).toBe('SUCCESS');
      expect((await balances(t, m)).wallet).toBe(70);
    }
  });

  it('captcha wrong three times: TRIPPLE_WRONG_CAPTCHA', async () => {
    const { m, slip } = await pendingSlip(70);
    // Through the dev endpoint, as a tester would.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/dev/payment-faults/slip-verifier',
      payload: { next: ['captcha'] },
    });
    expect(put.json()).toMatchObject({ next: ['captcha'], slowMs: 0 });
    const res = await uploadSlip(t, m, slip.png);
    expect(res.json()).toMatchObject({ message: 'TRIPPLE_WRONG_CAPTCHA', status: 'FAILED' });
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('an unexpected error: UNKNOW_ERROR, nothing credited', async () => {
    const { m, slip } = await pendingSlip(70);
    const verifier = t.ctx.payments.slipVerifier;
    const verify = verifier.verify;
    verifier.verify = async () => {
      throw new Error('verifier answered nonsense');
    };
    try {
      const res = await uploadSlip(t, m, slip.png);
      expect(res.json()).toMatchObject({ message: 'UNKNOW_ERROR', status: 'FAILED' });
    } finally {
      verifier.verify = verify;
    }
    expect((await balances(t, m)).wallet).toBe(0);
  });
});

describe('the job', () => {
  it('marks a slip whose stored file is gone UPLOADED_FILE_NOT_EXIST', async () => {
    const { m, slip } = await pendingSlip(70, 2 * MINUTE);
    const res = await uploadSlip(t, m, slip.png);
    const row = await slipOf(t, res.json().reference);
    await t.ctx.files.delete(row.filePath!);
    clock.advance(5 * MINUTE);
    await job().runOnce();
    expect(await slipOf(t, row.reference)).toMatchObject({ status: 'FAILED', note: 'UPLOADED_FILE_NOT_EXIST' });
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('finishes a slip whose upload died half-way once its lease ran out; two instances credit it once', async () => {
    const { m, slip } = await pendingSlip(33);
    const filePath = await storeSlipImage(t.ctx.files, await reencodeSlip(slip.png));
    const now = clock.now();
    const row = await createSlipRepository(t.db).insert({
      memberId: m.memberId,
      reference: `died-${Date.now()}`,
      currency: 'BAHT',
      filePath,
      now,
      leaseUntil: new Date(now.getTime() + MINUTE),
    });
    expect(await job().runOnce()).toBe(0);
    clock.advance(2 * MINUTE);
    const settled = await Promise.all([job().runOnce(), job().runOnce()]);
    expect(settled.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await slipOf(t, row.reference)).toMatchObject({ status: 'SUCCESS', amount: 3_300n });
    expect((await balances(t, m)).wallet).toBe(33);
  });
});
