// Deposit limits and exclusions on the deposit paths: money asked for (QR, TrueMoney gift link) is
// refused and nothing changes; money that arrives (a bank transfer) is credited and recorded.
import { protectionPaths } from '@krapao/contracts/protection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createQr, payQr } from '../deposit/qr/testing.ts';
import { encryptLink, newVoucher, sendLink, setDepositLookup, voucherRow } from '../deposit/truemoney/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, type Member, signedInMember } from '../wallet/testing.ts';
import { DEPOSIT_HOLD } from './deposit-limit.ts';
import { booksOf, exclude } from './gates-testing.ts';
import { bankDeposit, eventDetails, events, pcall } from './protection-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUEMONEY_INTERVAL_MS: '0', QR_JOB_INTERVAL_MS: '0' });
  await setDepositLookup(t, { minimumDeposit: 1 });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const dayLimit = (m: Member, amount: number) =>
  pcall(t, m, 'PUT', protectionPaths.limit, { kind: 'DEPOSIT', period: 'DAY', amount });
const qrRows = (m: Member) => t.db.select().from(qrCodes).where(eq(qrCodes.memberId, m.memberId));

describe('QR create', () => {
  it('is refused above what the limit leaves, with the period and remaining, and nothing changes', async () => {
    const m = await signedInMember(t, 0);
    await dayLimit(m, 100);
    const books = await booksOf(t, m.memberId);
    const res = await createQr(t, m, 'KBANK', 150);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'PROTECTION_DEPOSIT_LIMIT',
      period: 'DAY',
      remaining: 100,
      currency: 'BAHT',
      hasQrcode: false,
    });
    expect(await qrRows(m)).toEqual([]);
    expect(await booksOf(t, m.memberId)).toEqual(books);
    const refused = (await eventDetails(t, m.memberId)).filter(([kind]) => kind === 'DEPOSIT_LIMIT_REFUSED');
    expect(refused).toEqual([
      ['DEPOSIT_LIMIT_REFUSED', { channel: 'QR', amount: 150, period: 'DAY', remaining: 100, currency: 'BAHT' }],
    ]);
    expect(await events(t, m.memberId, DEPOSIT_HOLD)).toEqual([]);

    // Within the limit: created; paid, it uses the limit up, and the next ask is refused.
    const ok = await createQr(t, m, 'KBANK', 100);
    expect(ok.statusCode).toBe(200);
    expect((await payQr(t, ok.json().qrcodeId)).statusCode).toBe(200);
    expect((await balances(t, m)).wallet).toBe(100);
    const next = await createQr(t, m, 'KBANK', 20);
    expect(next.statusCode).toBe(409);
    expect(next.json()).toMatchObject({ message: 'PROTECTION_DEPOSIT_LIMIT', remaining: 0 });
  });

  it('is refused while the member is excluded', async () => {
    const m = await signedInMember(t, 0);
    await exclude(t, m.memberId, 24);
    const res = await createQr(t, m, 'KBANK', 50);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'PROTECTION_EXCLUDED', kind: 'TIMEOUT' });
    expect(res.json().endsAt).toEqual(expect.any(String));
    expect(await qrRows(m)).toEqual([]);
  });
});

describe('TrueMoney gift link', () => {
  it('is refused over the limit before the redeem: the member keeps the voucher', async () => {
    const m = await signedInMember(t, 0);
    await dayLimit(m, 100);
    const books = await booksOf(t, m.memberId);
    const v = await newVoucher(t, 150);
    const res = await sendLink(t, m, encryptLink(v.link));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'PROTECTION_DEPOSIT_LIMIT', period: 'DAY', remaining: 100 });
    expect((await voucherRow(t, v.voucher)).status).toBe('AVAILABLE');
    expect(await booksOf(t, m.memberId)).toEqual(books);
    expect((await events(t, m.memberId, 'DEPOSIT_LIMIT_REFUSED'))[0]!.detail).toMatchObject({ channel: 'TRUEMONEY' });

    const fits = await newVoucher(t, 100);
    expect((await sendLink(t, m, encryptLink(fits.link))).statusCode).toBe(200);
    expect((await balances(t, m)).wallet).toBe(100);
    expect(await events(t, m.memberId, DEPOSIT_HOLD)).toEqual([]);
    const more = await newVoucher(t, 5);
    expect((await sendLink(t, m, encryptLink(more.link))).statusCode).toBe(409);
    expect((await voucherRow(t, more.voucher)).status).toBe('AVAILABLE');
  });

  it('counts an open QR as asked for', async () => {
    const m = await signedInMember(t, 0);
    await dayLimit(m, 100);
    expect((await createQr(t, m, 'KBANK', 70)).statusCode).toBe(200);
    const v = await newVoucher(t, 40);
    const res = await sendLink(t, m, encryptLink(v.link));
    expect(res.json()).toMatchObject({ message: 'PROTECTION_DEPOSIT_LIMIT', remaining: 30 });
  });

  it('is refused while the member is excluded, and the voucher stays available', async () => {
    const m = await signedInMember(t, 0);
    await exclude(t, m.memberId, null);
    const v = await newVoucher(t, 50);
    const res = await sendLink(t, m, encryptLink(v.link));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'PROTECTION_EXCLUDED', kind: 'SELF_EXCLUSION', endsAt: null });
    expect((await voucherRow(t, v.voucher)).status).toBe('AVAILABLE');
    expect((await balances(t, m)).wallet).toBe(0);
  });
});

describe('money that arrives without asking', () => {
  it('is credited over the limit and recorded once; asks are refused afterwards', async () => {
    const m = await signedInMember(t, 0);
    await dayLimit(m, 100);
    await bankDeposit(t, m.memberId, 60);
    expect(await events(t, m.memberId, 'DEPOSIT_LIMIT_PASSED')).toEqual([]);
    await bankDeposit(t, m.memberId, 70);
    await bankDeposit(t, m.memberId, 10);
    expect((await balances(t, m)).wallet).toBe(140);
    const passed = await events(t, m.memberId, 'DEPOSIT_LIMIT_PASSED');
    expect(passed.map((e) => e.detail)).toEqual([{ period: 'DAY', limit: 100, used: 130, currency: 'BAHT' }]);
    const res = await createQr(t, m, 'KBANK', 10);
    expect(res.json()).toMatchObject({ message: 'PROTECTION_DEPOSIT_LIMIT', remaining: 0 });
    const state = await pcall(t, m, 'GET', protectionPaths.state);
    expect(state.json().limits[0]).toMatchObject({ used: 140, remaining: 0 });
  });
});
