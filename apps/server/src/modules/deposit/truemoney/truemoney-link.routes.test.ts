// POST /api/wallet/truelink: gift links encrypted as the SPA does, redeemed once, credited once;
// every refusal leaves the voucher with its owner; TrueMoney's faults never lose or double money.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { giftLink } from '../../../adapters/truemoney/truemoney.port.ts';
import { createTestApp, headers, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import {
  encryptLink,
  newVoucher,
  sandboxOf,
  sendLink,
  setDepositLookup,
  statementRows,
  sweepWithLog,
  voucherRow,
} from './testing.ts';

describe('TrueMoney gift links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUEMONEY_INTERVAL_MS: '0', TRUEMONEY_TIMEOUT_MS: '50' });
    // The 2-baht TrueMoney floor governs unless a test raises the lookup's minimum.
    await setDepositLookup(t, { minimumDeposit: 1 });
  });
  afterEach(() => sandboxOf(t).faults.reset());
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it('redeems a link once and credits it once: wallet and statement show it, a resend is a duplicate', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 50);
    const cipher = encryptLink(v.link);
    const key = `tl-first-${m.memberId}`;
    const res = await sendLink(t, m, cipher, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', amount: 50 });
    expect((await balances(t, m)).wallet).toBe(50);
    expect(await statementRows(t, m)).toEqual([
      expect.objectContaining({ statementType: 'deposit', from: 'TRUEMONEY', amount: 50, status: 'SUCCESS' }),
    ]);
    expect(await voucherRow(t, v.voucher)).toMatchObject({ status: 'REDEEMED', redeemedBy: String(m.memberId) });
    expect((await voucherRow(t, v.voucher)).processedAt).not.toBeNull();

    const replay = await sendLink(t, m, cipher, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await sendLink(t, m, encryptLink(v.link));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('TRUELINK_DUPLICATE');
    const other = await signedInMember(t, 0);
    expect((await sendLink(t, other, cipher)).json().message).toBe('TRUELINK_DUPLICATE');
    expect((await balances(t, m)).wallet).toBe(50);
    expect((await balances(t, other)).wallet).toBe(0);
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
  });

  it('refuses what is not an encrypted gift link of a live voucher, and the voucher stays available', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 30);
    const expired = await sandboxOf(t).books.createVoucher({ amount: 3000n, expireAt: new Date(Date.now() - 1000) });
    const refused = [
      v.link, // not encrypted
      'garbage',
      'U2FsdGVkX1+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      encryptLink(v.link, 'wrong-passphrase'),
      encryptLink(`https://evil.example.com/campaign/?v=${v.voucher}`),
      encryptLink(`http://gift.truemoney.com/campaign/?v=${v.voucher}`),
      encryptLink(`https://gift.truemoney.com/other/?v=${v.voucher}`),
      encryptLink('https://gift.truemoney.com/campaign/?v=short'),
      encryptLink(`https://gift.truemoney.com/campaign/?v=${v.voucher}&v=${v.voucher}`),
      encryptLink(`https://gift.truemoney.com/campaign/?v=${v.voucher}%27--`),
      encryptLink(giftLink('0123456789abcdef0123456789abcdef')), // unknown voucher
      encryptLink(giftLink(expired.hash)),
    ];
    for (const link of refused) {
      const res = await sendLink(t, m, link);
      expect({ link, status: res.statusCode, message: res.json().message }).toEqual({
        link,
        status: 400,
        message: 'TRUELINK_INVALID',
      });
    }
    expect((await voucherRow(t, v.voucher)).status).toBe('AVAILABLE');
    expect((await voucherRow(t, expired.hash)).status).toBe('AVAILABLE');
    expect((await balances(t, m)).wallet).toBe(0);
    // The same voucher is still good once sent properly.
    expect((await sendLink(t, m, encryptLink(v.link))).json()).toEqual({ message: 'SUCCESS', amount: 30 });
  });

  it('checks the minimum before redeeming: 2 baht for TrueMoney, or the lookup minimum when higher', async () => {
    const m = await signedInMember(t, 0);
    const small = await newVoucher(t, 1.99);
    const res = await sendLink(t, m, encryptLink(small.link));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'TRUELINK_INVALID', minimum: 2 });
    expect((await voucherRow(t, small.voucher)).status).toBe('AVAILABLE');
    const two = await newVoucher(t, 2);
    expect((await sendLink(t, m, encryptLink(two.link))).json()).toEqual({ message: 'SUCCESS', amount: 2 });

    await setDepositLookup(t, { minimumDeposit: 20 });
    try {
      const ten = await newVoucher(t, 10);
      expect((await sendLink(t, m, encryptLink(ten.link))).json()).toEqual({
        message: 'TRUELINK_INVALID',
        minimum: 20,
      });
      expect((await voucherRow(t, ten.voucher)).status).toBe('AVAILABLE');
    } finally {
      await setDepositLookup(t, { minimumDeposit: 1 });
    }
    expect((await balances(t, m)).wallet).toBe(2);
  });

  it('refuses links while the lookup offers no gift-mode wallet, and answers members only', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 25);
    await setDepositLookup(t, {
      minimumDeposit: 1,
      wallets: [{ mode: 'AUTO', walletAccountName: 'W', walletAccountNo: '0612345678' }],
    });
    try {
      expect((await sendLink(t, m, encryptLink(v.link))).json().message).toBe('TRUELINK_INVALID');
    } finally {
      await setDepositLookup(t, { minimumDeposit: 1 });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/truelink',
      headers: headers(),
      payload: { link: encryptLink(v.link) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await voucherRow(t, v.voucher)).status).toBe('AVAILABLE');
  });

  it('a 5xx or timeout from TrueMoney credits nothing, redeems nothing, and the link stays usable', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 40);
    for (const faults of [
      { next: ['error5xx' as const], methods: ['redeem' as const] },
      { next: ['timeout' as const], methods: ['redeem' as const] },
      { next: ['error5xx' as const], methods: ['verify' as const] },
    ]) {
      sandboxOf(t).faults.set(faults);
      const res = await sendLink(t, m, encryptLink(v.link));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('INTERNAL_SERVER_ERROR');
      expect((await voucherRow(t, v.voucher)).status).toBe('AVAILABLE');
    }
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(0);
    sandboxOf(t).faults.reset();
    expect((await sendLink(t, m, encryptLink(v.link))).json()).toEqual({ message: 'SUCCESS', amount: 40 });
  });

  it('"redeemed but response lost": credited at once when TrueMoney confirms the redeem', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 60);
    sandboxOf(t).faults.set({ next: ['lostResponse'], methods: ['redeem'] });
    expect((await sendLink(t, m, encryptLink(v.link))).json()).toEqual({ message: 'SUCCESS', amount: 60 });
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(60);
  });

  it('"redeemed but response lost" with TrueMoney down afterwards: the sweep credits it, once', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 70);
    // verify (fine: a short 'slow'), redeem (applied, answer lost), verify again (5xx).
    sandboxOf(t).faults.set({ next: ['slow', 'lostResponse', 'error5xx'], methods: ['verify', 'redeem'] });
    const res = await sendLink(t, m, encryptLink(v.link));
    expect(res.json().message).toBe('INTERNAL_SERVER_ERROR');
    expect(await voucherRow(t, v.voucher)).toMatchObject({ status: 'REDEEMED', redeemedBy: String(m.memberId) });
    expect((await balances(t, m)).wallet).toBe(0);
    const { sweep } = sweepWithLog(t);
    expect(await sweep.runOnce()).toBe(1);
    expect(await sweep.runOnce()).toBe(0);
    expect((await balances(t, m)).wallet).toBe(70);
    expect((await sendLink(t, m, encryptLink(v.link))).json().message).toBe('TRUELINK_DUPLICATE');
    expect((await balances(t, m)).wallet).toBe(70);
  });

  it('a redeem that lands after we gave up is credited by the sweep', async () => {
    const m = await signedInMember(t, 0);
    const v = await newVoucher(t, 15);
    sandboxOf(t).faults.set({ next: ['slow'], slowMs: 200, methods: ['redeem'] });
    expect((await sendLink(t, m, encryptLink(v.link))).json().message).toBe('INTERNAL_SERVER_ERROR');
    await sandboxOf(t).drain();
    expect((await voucherRow(t, v.voucher)).status).toBe('REDEEMED');
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(1);
    expect((await balances(t, m)).wallet).toBe(15);
  });

  it('a process that died between redeem and credit: the sweep credits it, or the member resending it does', async () => {
    const house = '0612345678';
    const a = await signedInMember(t, 0);
    const va = await newVoucher(t, 11);
    expect(await sandboxOf(t).redeem(va.voucher, house, String(a.memberId))).toEqual({
      outcome: 'REDEEMED',
      amount: 1100n,
    });
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(1);
    expect((await balances(t, a)).wallet).toBe(11);
    expect((await sendLink(t, a, encryptLink(va.link))).json().message).toBe('TRUELINK_DUPLICATE');

    const b = await signedInMember(t, 0);
    const vb = await newVoucher(t, 12);
    await sandboxOf(t).redeem(vb.voucher, house, String(b.memberId));
    // Another member cannot take it; its redeemer can.
    expect((await sendLink(t, a, encryptLink(vb.link))).json().message).toBe('TRUELINK_DUPLICATE');
    expect((await sendLink(t, b, encryptLink(vb.link))).json()).toEqual({ message: 'SUCCESS', amount: 12 });
    expect(await sweepWithLog(t).sweep.runOnce()).toBe(0);
    expect((await balances(t, b)).wallet).toBe(12);
    expect((await balances(t, a)).wallet).toBe(11);
  });

  it('the dev endpoints: fault setting and input checks', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/dev/payment-faults/truemoney',
      payload: { next: ['timeout'], methods: ['redeem'] },
    });
    expect(put.statusCode).toBe(200);
    const get = await t.app.inject({ method: 'GET', url: '/dev/payment-faults/truemoney' });
    expect(get.json()).toMatchObject({ next: ['timeout'], methods: ['redeem'] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/dev/payment-faults/truemoney',
      payload: { next: ['boom'] },
    });
    expect(bad.statusCode).toBe(400);
    for (const amount of [0, -5, 1.234]) {
      const res = await t.app.inject({ method: 'POST', url: '/dev/truemoney/voucher', payload: { amount } });
      expect(res.statusCode).toBe(400);
    }
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/dev/truemoney/transfer',
      payload: { fromPhone: 'abc', amount: 10 },
    });
    expect(transfer.statusCode).toBe(400);
  });
});
