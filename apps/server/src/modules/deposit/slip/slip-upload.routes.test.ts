// POST /api/wallet/slip: what each slip comes to (its reason code, docs/product.md §7), and money moves only once.
import { toMinor } from '@krapao/contracts/money';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSlipPng } from '../../../adapters/slip/slip-image.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../../wallet/testing.ts';
import { createDepositCredit } from '../credit.ts';
import {
  HOUSE_KBANK,
  recordTransfer,
  registeredAccount,
  slipOf,
  slipTestApp,
  testClock,
  uploadSlip,
} from './testing.ts';

const MINUTE = 60_000;
const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
beforeAll(async () => {
  t = await slipTestApp(clock);
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const ago = (ms: number) => new Date(clock.now().getTime() - ms);

async function memberAndSlip(amount = 300, over: Partial<Parameters<typeof recordTransfer>[1]> = {}) {
  const m = await signedInMember(t, 0);
  const from = await registeredAccount(t, m.memberId);
  const slip = await recordTransfer(t, { from, amount, occurredAt: ago(5 * MINUTE), ...over });
  return { m, from, slip };
}

async function expectRefused(m: Member, png: Buffer, note: string) {
  const res = await uploadSlip(t, m, png);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ message: note, status: 'FAILED', note });
  expect((await balances(t, m)).wallet).toBe(0);
  const row = await slipOf(t, res.json().reference);
  expect(row).toMatchObject({ status: 'FAILED', note, transactionId: null });
  return res.json();
}

describe('a valid slip', () => {
  it('credits once: the wallet, the statement and the slip list show it', async () => {
    const { m, slip } = await memberAndSlip(500.25);
    const res = await uploadSlip(t, m, slip.png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS', note: null, amount: 500.25 });
    expect(res.json().reference).toMatch(/^[\w-]{16}$/);
    expect((await balances(t, m)).wallet).toBe(500.25);

    const statement = await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 });
    expect(statement.json().statements[0]).toMatchObject({
      statementType: 'deposit',
      from: 'SCB',
      to: 'WALLET',
      amount: 500.25,
      status: 'SUCCESS',
    });
    const list = await call(t, m, 'POST', '/api/statement/slip', { page: 1, limit: 10 });
    expect(list.json()).toMatchObject({ total: 1, slips: [{ status: 'SUCCESS', amount: 500.25, note: null }] });
    const row = await slipOf(t, res.json().reference);
    expect(row).toMatchObject({ sendingBank: slip.sendingBank, transRef: slip.transRef, amount: 50_025n });
    expect(row.transactionId).not.toBeNull();
  });

  it('uploaded again, by the same member or another one, is SLIP_REFNO_DUPLICATED and moves nothing', async () => {
    const { m, slip } = await memberAndSlip(120);
    expect((await uploadSlip(t, m, slip.png)).json().message).toBe('SUCCESS');
    const again = await uploadSlip(t, m, slip.png);
    expect(again.json()).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', status: 'FAILED' });
    expect((await balances(t, m)).wallet).toBe(120);
    const other = await signedInMember(t, 0);
    await expectRefused(other, slip.png, 'SLIP_REFNO_DUPLICATED');
  });

  it('already credited by the bank-feed sweep is SLIP_REFNO_DUPLICATED', async () => {
    const { m, slip } = await memberAndSlip(80);
    await createDepositCredit(t.ctx).credit({
      memberId: m.memberId,
      amount: toMinor(80),
      currency: 'BAHT',
      source: 'BANK',
      reference: `${slip.sendingBank}:${slip.transRef}`,
      fromCode: 'SCB',
    });
    const res = await uploadSlip(t, m, slip.png);
    expect(res.json()).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', status: 'FAILED' });
    expect((await balances(t, m)).wallet).toBe(80);
  });

  it('credited by the bank feed while the bank was being asked is SLIP_REFNO_DUPLICATED', async () => {
    const { m, slip } = await memberAndSlip(45);
    const verifier = t.ctx.payments.slipVerifier;
    const verify = verifier.verify;
    verifier.verify = async (q) => {
      const credit = { memberId: m.memberId, amount: toMinor(45), currency: 'BAHT' as const, fromCode: 'SCB' };
      await createDepositCredit(t.ctx).credit({
        ...credit,
        source: 'BANK',
        reference: `${q.sendingBank}:${q.transRef}`,
      });
      return verify(q);
    };
    try {
      const res = await uploadSlip(t, m, slip.png);
      expect(res.json()).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', status: 'FAILED', amount: 45 });
    } finally {
      verifier.verify = verify;
    }
    expect((await balances(t, m)).wallet).toBe(45);
  });

  it('is accepted up to one hour after the transfer', async () => {
    const { m, slip } = await memberAndSlip(60, { occurredAt: ago(59 * MINUTE) });
    expect((await uploadSlip(t, m, slip.png)).json().message).toBe('SUCCESS');
    expect((await balances(t, m)).wallet).toBe(60);
  });
});

describe('a slip the rules refuse', () => {
  it('paid to an account that is not a house bank account: DEST_ACC_INVALID', async () => {
    const { m, slip } = await memberAndSlip(100, { to: { bankCode: 'KBANK', accountNo: '1112223334' } });
    await expectRefused(m, slip.png, 'DEST_ACC_INVALID');
    // The right number at another bank is another account.
    const other = await memberAndSlip(100, { to: { bankCode: 'GSB', accountNo: HOUSE_KBANK.accountNo } });
    await expectRefused(other.m, other.slip.png, 'DEST_ACC_INVALID');
  });

  it('sent from an account that is not the member’s registered one: NOT_MATCH', async () => {
    const { m, slip } = await memberAndSlip(100, { from: { bankCode: 'SCB', accountNo: '9990001112' } });
    await expectRefused(m, slip.png, 'NOT_MATCH');
    const m2 = await signedInMember(t, 0);
    const own = await registeredAccount(t, m2.memberId);
    const otherBank = await recordTransfer(t, {
      from: { bankCode: 'KTB', accountNo: own.accountNo },
      amount: 100,
      occurredAt: ago(MINUTE),
    });
    await expectRefused(m2, otherBank.png, 'NOT_MATCH');
  });

  it('older than one hour: EXPIRED_SLIP, also on a second try', async () => {
    const { m, slip } = await memberAndSlip(100, { occurredAt: ago(61 * MINUTE) });
    const first = await expectRefused(m, slip.png, 'EXPIRED_SLIP');
    expect(first.amount).toBe(100);
    await expectRefused(m, slip.png, 'EXPIRED_SLIP');
  });

  it('a transfer the bank does not know: INVALID_SLIP', async () => {
    const m = await signedInMember(t, 0);
    const from = await registeredAccount(t, m.memberId);
    const png = await renderSlipPng({
      sendingBank: '014',
      transRef: 'NOSUCHTRANSFER0001',
      fromBankCode: from.bankCode,
      fromAccountNo: from.accountNo,
      toBankCode: HOUSE_KBANK.bankCode,
      toAccountNo: HOUSE_KBANK.accountNo,
      amount: 100,
      occurredAt: ago(MINUTE),
    });
    await expectRefused(m, png, 'INVALID_SLIP');
  });
});

describe('a slip whose mini-QR cannot be used', () => {
  const qrImage = async (text: string) => {
    const qr = await QRCode.toBuffer(text, { type: 'png', width: 300, margin: 4 });
    return sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } })
      .composite([{ input: qr, left: 280, top: 580 }])
      .png()
      .toBuffer();
  };

  it('no QR at all: INVALID_SLIP', async () => {
    const m = await signedInMember(t, 0);
    const plain = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#f0f0f0' } })
      .png()
      .toBuffer();
    await expectRefused(m, plain, 'INVALID_SLIP');
  });

  it('a QR that is not a slip-verification payload, or has a bad checksum: UNSTABLE_REFNO_ON_SLIP', async () => {
    const m = await signedInMember(t, 0);
    await expectRefused(m, await qrImage('https://example.com/not-a-slip'), 'UNSTABLE_REFNO_ON_SLIP');
    const payload = generate.slipVerify({ sendingBank: '014', transRef: 'ABCDEF1234567890' });
    const badCrc = payload.slice(0, -4) + (payload.endsWith('0000') ? '1111' : '0000');
    await expectRefused(m, await qrImage(badCrc), 'UNSTABLE_REFNO_ON_SLIP');
    const badRef = generate.slipVerify({ sendingBank: '014', transRef: 'AB<script>' });
    await expectRefused(m, await qrImage(badRef), 'UNSTABLE_REFNO_ON_SLIP');
  });

  it('an image too small to hold a QR: CANNOT_READ_CROPPED_IMAGE', async () => {
    const m = await signedInMember(t, 0);
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await expectRefused(m, tiny, 'CANNOT_READ_CROPPED_IMAGE');
  });

  it('a photographed slip (JPEG, scaled) is read as well', async () => {
    const { m, slip } = await memberAndSlip(42);
    const photo = await sharp(slip.png).resize(1440).jpeg({ quality: 80 }).toBuffer();
    const res = await uploadSlip(t, m, photo, { name: 'slip.jpg', type: 'image/jpeg' });
    expect(res.json()).toMatchObject({ message: 'SUCCESS', amount: 42 });
  });
});
