// The credit condition's life (docs/product.md §4.2): success and failure on the total balance after game
// results are booked, no deposit and no withdrawal while active, a bank-feed credit raising it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBankNoticeSweep } from '../deposit/bank-notice/bank-notice-sweep.job.ts';
import { bankTransfer, HOUSE as FEED_HOUSE, registeredAccountOf } from '../deposit/bank-notice/testing.ts';
import { activate } from '../games/testing.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createGameResults } from '../wallet/game-results.ts';
import { balances, call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
import { conditionAfterDeposit } from './bonus-rules.ts';
import {
  activateBonus,
  bonusRows,
  checkActive,
  conditionsOf,
  creditFromOutside,
  depositBaht,
  key,
  statement,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '200', BANK_FEED_INTERVAL_MS: '0' });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** 300 deposited, WELCOME taken (start 600, target 1800, fail below 60), all 600 moved into PG. */
async function playingWithBonus(): Promise<{ m: Member; username: string }> {
  const m = await signedInMember(t, 300);
  expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
  const account = await activate(t, m.token, 'PG');
  const moved = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 600 }, key());
  expect(moved.json().status).toBe('SUCCESS');
  return { m, username: account.username };
}
const refresh = (m: Member) => call(t, m, 'GET', '/api/wallet/refresh/slot');

describe('ending a condition', () => {
  it('ends in SUCCESS when the booked game result takes the total to the target', async () => {
    const { m, username } = await playingWithBonus();
    await providerPlays(t, username, 1_199_99n); // PG 1,799.99: one satang short
    await refresh(m);
    expect(await checkActive(t, m)).toMatchObject({ status: true, progress: { balance: 1799.99 } });
    await providerPlays(t, username, 1n);
    await refresh(m);
    expect((await conditionsOf(t, m.memberId))[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await checkActive(t, m)).toEqual({ status: false, type: null, progress: null });
    const [finish] = (await statement(t, m)).statements;
    expect(finish).toMatchObject({
      statementType: 'finish_bonus',
      amount: 0,
      status: 'SUCCESS',
      bonus: { description: 'โบนัสต้อนรับ 100% · Welcome bonus 100%' },
    });
    // Nothing taken back: the member keeps the 1,800, and may withdraw again.
    expect((await balances(t, m)).slots.PG).toBe(1800);
    const out = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 200 }, key());
    expect(out.json().status).toBe('SUCCESS');
    const wd = await call(t, m, 'POST', '/api/wallet/withdraw', { amount: 100 }, key('wd'));
    expect(wd.statusCode).toBe(200);
  });

  it('ends in FAILED when the total falls below percentFail % of the starting credit', async () => {
    const { m, username } = await playingWithBonus();
    await providerPlays(t, username, -540_00n); // PG 60: exactly failBelow, still running
    await refresh(m);
    expect(await checkActive(t, m)).toMatchObject({ status: true });
    await providerPlays(t, username, -1n);
    await refresh(m);
    const [c] = await conditionsOf(t, m.memberId);
    expect(c).toMatchObject({ status: 'FAILED', finishTransactionId: expect.any(Number) });
    expect(c!.endedAt).toBeInstanceOf(Date);
    expect((await bonusRows(t, m.memberId)).map((r) => [r.type, r.amount])).toEqual([
      ['BONUS', 300_00n],
      ['FINISH_BONUS', 0n],
    ]);
    expect((await statement(t, m)).statements[0]).toMatchObject({
      statementType: 'finish_bonus',
      amount: 0,
      status: 'FAILED',
      bonus: { description: 'โบนัสต้อนรับ 100% · Welcome bonus 100%' },
    });
  });

  it('GET /api/bonus/check/active evaluates a result booked without a refresh', async () => {
    const { m, username } = await playingWithBonus();
    await providerPlays(t, username, -590_00n);
    const ledger = createLedger(t.ctx);
    expect(await createGameResults(t.ctx, ledger).book(m.memberId, 'PG')).toBe(true);
    expect((await conditionsOf(t, m.memberId))[0]).toMatchObject({ status: 'ACTIVE' });
    expect(await checkActive(t, m)).toMatchObject({ status: false });
    expect((await conditionsOf(t, m.memberId))[0]).toMatchObject({ status: 'FAILED' });
  });

  it('counts money in transit between wallet and game toward the total (no false failure)', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    await activate(t, m.token, 'PG');
    const faults = t.ctx.gameProviders.sandbox!.faults;
    faults.set({ next: ['lostResponse', 'error5xx'], methods: ['deposit', 'transferStatus'] });
    try {
      const res = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 600 }, key());
      expect(res.json().status).toBe('PENDING');
    } finally {
      faults.reset();
    }
    // Wallet 0 and PG 0 on the books, 600 in transit: still 600, the condition runs on.
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
    expect(await checkActive(t, m)).toMatchObject({ status: true, progress: { balance: 600 } });
  });
});

describe('while a condition is active', () => {
  it('refuses new deposits with BONUS_REMAINING (QR, deposit notice) and withdrawals', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    const qr = await call(t, m, 'POST', '/api/qrcode/KBANK', { amount: 100 }, key('qr'));
    expect(qr.statusCode).toBe(409);
    expect(qr.json()).toMatchObject({ message: 'BONUS_REMAINING' });
    const notice = await call(t, m, 'POST', '/api/wallet/add', { amount: 100 }, key('add'));
    expect(notice.json()).toEqual({ message: 'BONUS_REMAINING' });
    const wd = await call(t, m, 'POST', '/api/wallet/withdraw', { amount: 100 }, key('wd'));
    expect(wd.statusCode).toBe(409);
    expect(wd.json()).toEqual({ message: 'BONUS_REMAINING' });
    expect((await balances(t, m)).wallet).toBe(600);
  });

  it('a bank-feed credit that arrives anyway is credited and raises start, target and failBelow', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    const from = await registeredAccountOf(t, m.memberId);
    await bankTransfer(t, { ...from, toAccountNo: FEED_HOUSE.autoScb, amount: 200 });
    expect((await createBankNoticeSweep(t.ctx).runOnce()).credited).toBe(1);
    expect((await balances(t, m)).wallet).toBe(800);
    expect((await checkActive(t, m)).progress).toMatchObject({
      startCredit: 800,
      balance: 800,
      target: 2000,
      failBelow: 80,
    });
  });

  it('raises once per deposit, and never for a deposit already in the starting credit', async () => {
    const m = await signedInMember(t, 0);
    // Booked without their house rules, which run only later (as a slow after-deposit step would).
    const earlier = await depositBaht(t, m, 200);
    const qualifying = await depositBaht(t, m, 300);
    await activateBonus(t, m, 'WELCOME');
    const start = (await checkActive(t, m)).progress;
    expect(start).toMatchObject({ startCredit: 800, target: 2400 });
    await conditionAfterDeposit(t.ctx, { memberId: m.memberId, amount: 200_00n, transactionId: earlier });
    await conditionAfterDeposit(t.ctx, { memberId: m.memberId, amount: 300_00n, transactionId: qualifying });
    expect((await conditionsOf(t, m.memberId))[0]).toMatchObject({ qualifyingDepositId: qualifying });
    expect((await checkActive(t, m)).progress).toEqual(start);

    const credited = await creditFromOutside(t, m, 50);
    expect(credited.credited).toBe(true);
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 850, target: 2450 });
    if (!credited.credited) return;
    await conditionAfterDeposit(t.ctx, { memberId: m.memberId, amount: 50_00n, transactionId: credited.transactionId });
    expect((await checkActive(t, m)).progress).toMatchObject({ startCredit: 850, target: 2450, failBelow: 85 });
  });
});
