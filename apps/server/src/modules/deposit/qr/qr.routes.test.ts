import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { parse } from 'promptparse';
import { billPayment } from 'promptparse/validate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes, sandboxGatewayOrders } from '../../../db/schema/deposits.ts';
import { createTestApp, headers, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { type Member, signedInMember } from '../../wallet/testing.ts';
import { createQr, deleteQr, editDepositLookup, getQr, qrCall } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ QR_JOB_INTERVAL_MS: '0', GATEWAY_TIMEOUT_MS: '50' });
});
afterEach(() => t.ctx.payments.gateway.sandbox?.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const rowsOf = (m: Member) => t.db.select().from(qrCodes).where(eq(qrCodes.memberId, m.memberId));
const openOf = async (m: Member) => (await rowsOf(m)).filter((r) => r.status === 'OPEN');
const NO_QR = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null };

/** Reads the QR drawn in the SVG back, as a bank app's camera would. */
async function scan(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(600)
    .flatten({ background: '#fff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('GET /api/qrcode/:bankCode', () => {
  it('answers no QR with nulls when the member has none, and 401 without a session', async () => {
    const m = await signedInMember(t, 0);
    const res = await getQr(t, m, 'KBANK');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NO_QR);
    const anon = await t.app.inject({ method: 'GET', url: '/api/qrcode/KBANK', headers: headers() });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/qrcode/:bankCode', () => {
  it('creates a QR whose SVG scans to a valid Thai QR payload for the amount, and GET finds it', async () => {
    const m = await signedInMember(t, 0);
    const before = t.ctx.now().getTime();
    const res = await createQr(t, m, 'KBANK', 123.45);
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({ hasQrcode: true, amount: 123.45 });
    expect(state.qrcode).toMatch(/^<svg/);
    expect(state.expireIn).toBeGreaterThanOrEqual(before + 600_000);
    expect(state.expireIn).toBeLessThan(before + 660_000);

    const payload = await scan(state.qrcode);
    const [row] = await rowsOf(m);
    expect(payload).toBe(row!.payload);
    expect(parse(payload!, true)).not.toBeNull(); // strict: the CRC checks out
    expect(parse(`${payload!.slice(0, -4)}0000`, true)).toBeNull();
    expect(billPayment(payload!)).toMatchObject({ amount: 123.45, ref1: row!.gatewayRef });
    expect(parse(payload!)?.getTagValue('53')).toBe('764'); // baht

    expect((await getQr(t, m, 'KBANK')).json()).toEqual(state);
    expect((await getQr(t, m, 'WW')).json()).toEqual(NO_QR);
    const [order] = await t.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.ref, row!.gatewayRef));
    expect(order).toMatchObject({ merchantRef: state.qrcodeId, amount: 12345n, status: 'OPEN' });
  });

  it('keeps each gateway minimum and the lookup minimum deposit', async () => {
    const m = await signedInMember(t, 0);
    const seeded = await editDepositLookup(t, (l) => ({ ...l, minimumDeposit: 20 }));
    const refused = async (code: string, amount: number) => {
      const res = await createQr(t, m, code, amount);
      expect(res.statusCode, `${code} ${amount}`).toBe(400);
      expect(res.json()).toMatchObject({ message: 'QR_FAIL', hasQrcode: false });
    };
    // A minimum deposit of 20: it binds KBANK (1) and PAYTIMZ (10); WW's own is 100.
    await refused('KBANK', 19.99);
    await refused('WW', 99.99);
    await refused('PAYTIMZ', 19);
    await refused('KBANK', 0);
    await refused('KBANK', -5);
    await refused('KBANK', 2_000_000.01);
    expect((await createQr(t, m, 'KBANK', 20)).statusCode).toBe(200);
    expect((await createQr(t, m, 'WW', 100)).statusCode).toBe(200);
    expect((await createQr(t, m, 'PAYTIMZ', 20)).statusCode).toBe(200);

    await editDepositLookup(t, (l) => ({ ...l, minimumDeposit: 0 }));
    try {
      await refused('PAYTIMZ', 9.99);
      await refused('KBANK', 0.99);
      await refused('WW', 99);
      expect((await createQr(t, m, 'KBANK', 1)).statusCode).toBe(200);
      expect((await createQr(t, m, 'PAYTIMZ', 10)).statusCode).toBe(200);
      expect((await createQr(t, m, 'KBANK', 1.005)).json()).toMatchObject({ message: 'KEY_INVALID', hasQrcode: false });
    } finally {
      await editDepositLookup(t, () => seeded);
    }
  });

  it('takes PAYTIMZ minimum from QR_PAYTIMZ_MINIMUM', async () => {
    const other = await createTestApp({ QR_JOB_INTERVAL_MS: '0', QR_PAYTIMZ_MINIMUM: '50' });
    try {
      const m = await signedInMember(other, 0);
      expect((await createQr(other, m, 'PAYTIMZ', 49)).json()).toMatchObject({ message: 'QR_FAIL', minimum: 50 });
      expect((await createQr(other, m, 'PAYTIMZ', 50)).statusCode).toBe(200);
      expect(await checkLedger(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refuses a code that is not a listed, enabled payment gateway with KEY_INVALID, storing nothing', async () => {
    const m = await signedInMember(t, 0);
    for (const code of ['SCB', 'NOPE', 'kbank']) {
      const res = await createQr(t, m, code, 100);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'KEY_INVALID', hasQrcode: false });
    }
    await editDepositLookup(t, (l) => ({ ...l, banks: l.banks.filter((b) => b.bankCode !== 'WW') }));
    try {
      expect((await createQr(t, m, 'WW', 100)).json()).toMatchObject({ message: 'KEY_INVALID' });
    } finally {
      await editDepositLookup(t, (l) => ({
        ...l,
        banks: [
          ...l.banks,
          { ...l.banks.find((b) => b.bankCode === 'KBANK' && b.bankType === 'PAYMENT')!, bankCode: 'WW' },
        ],
      }));
    }
    expect(await rowsOf(m)).toHaveLength(0);
    const limited = await createTestApp({ QR_JOB_INTERVAL_MS: '0', QR_GATEWAYS: 'KBANK' });
    try {
      const n = await signedInMember(limited, 0);
      expect((await createQr(limited, n, 'WW', 100)).json()).toMatchObject({ message: 'KEY_INVALID' });
      expect((await createQr(limited, n, 'KBANK', 100)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a body without a numeric amount', async () => {
    const m = await signedInMember(t, 0);
    expect((await qrCall(t, m, 'POST', '/api/qrcode/KBANK', {})).json().message).toBe('KEY_MISSING');
    expect((await qrCall(t, m, 'POST', '/api/qrcode/KBANK', { amount: '100' })).json().message).toBe('KEY_INVALID');
  });

  it('keeps one open QR per member: a new one cancels the open one at any gateway, here and at the gateway', async () => {
    const m = await signedInMember(t, 0);
    const first = (await createQr(t, m, 'KBANK', 100)).json();
    const second = (await createQr(t, m, 'WW', 200)).json();
    expect(second.hasQrcode).toBe(true);
    expect((await getQr(t, m, 'KBANK')).json()).toEqual(NO_QR);
    expect((await getQr(t, m, 'WW')).json().qrcodeId).toBe(second.qrcodeId);
    const open = await openOf(m);
    expect(open.map((r) => r.id)).toEqual([second.qrcodeId]);
    const old = (await rowsOf(m)).find((r) => r.id === first.qrcodeId)!;
    expect(old.status).toBe('CANCELLED');
    const [order] = await t.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.ref, old.gatewayRef));
    expect(order!.status).toBe('CANCELLED');
  });

  it('answers 502 QR_FAIL and stores nothing when the gateway times out, fails or is too slow', async () => {
    const m = await signedInMember(t, 0);
    const gateway = t.ctx.payments.gateway.sandbox!;
    for (const fault of ['timeout', 'error5xx'] as const) {
      gateway.faults.set({ next: [fault], methods: ['createOrder'] });
      const res = await createQr(t, m, 'KBANK', 100);
      expect(res.statusCode, fault).toBe(502);
      expect(res.json()).toEqual({ message: 'QR_FAIL', hasQrcode: false });
    }
    gateway.faults.set({ slowMs: 80, methods: ['createOrder'] });
    expect((await createQr(t, m, 'KBANK', 100)).json()).toEqual({ message: 'QR_FAIL', hasQrcode: false });
    await gateway.drain();
    expect(await rowsOf(m)).toHaveLength(0);
    gateway.faults.set({ slowMs: 10, methods: ['createOrder'] });
    expect((await createQr(t, m, 'KBANK', 100)).statusCode).toBe(200);
  });

  it('keeps the open QR when its cancel at the gateway has no answer', async () => {
    const m = await signedInMember(t, 0);
    const first = (await createQr(t, m, 'KBANK', 100)).json();
    t.ctx.payments.gateway.sandbox!.faults.set({ next: ['error5xx'], methods: ['cancelOrder'] });
    expect((await createQr(t, m, 'WW', 100)).json()).toEqual({ message: 'QR_FAIL', hasQrcode: false });
    expect((await openOf(m)).map((r) => r.id)).toEqual([first.qrcodeId]);
  });
});

describe('DELETE /api/qrcode/:qrcodeId', () => {
  it('cancels the member’s own QR at the gateway and here; another member’s id is NO_DATA', async () => {
    const m = await signedInMember(t, 0);
    const other = await signedInMember(t, 0);
    const qr = (await createQr(t, m, 'PAYTIMZ', 50)).json();
    const stranger = await deleteQr(t, other, qr.qrcodeId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: 'NO_DATA', hasQrcode: false });
    expect((await openOf(m)).map((r) => r.id)).toEqual([qr.qrcodeId]);

    const res = await deleteQr(t, m, qr.qrcodeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NO_QR);
    expect(await openOf(m)).toHaveLength(0);
    expect((await getQr(t, m, 'PAYTIMZ')).json()).toEqual(NO_QR);
    const [row] = await rowsOf(m);
    const [order] = await t.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.ref, row!.gatewayRef));
    expect([row!.status, order!.status]).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await deleteQr(t, m, qr.qrcodeId)).json()).toEqual(NO_QR); // again: nothing left to cancel
    expect((await deleteQr(t, m, 'no-such-qr')).statusCode).toBe(404);
  });
});
