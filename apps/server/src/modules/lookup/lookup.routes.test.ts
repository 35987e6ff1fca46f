import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { playedMember } from '../withdraw/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });

describe('lookups', () => {
  it('lists Thai banks with Thai and English names, without the Lao ones', async () => {
    const res = await get('/api/lookup/banks');
    expect(res.statusCode).toBe(200);
    const codes = res.json().map((b: { code: string }) => b.code);
    expect(codes).toEqual(expect.arrayContaining(['KBANK', 'SCB', 'KTB', 'TMB', 'BBL', 'GSB']));
    expect(codes).not.toContain('BCEL');
    const kbank = res.json().find((b: { code: string }) => b.code === 'KBANK');
    expect(kbank).toEqual({ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers every lookup with its shape', async () => {
    expect((await get('/api/lookup/sources')).json()[0]).toEqual({ code: 'FB', description: 'Facebook' });
    expect((await get('/api/lookup/conditions')).json().length).toBeGreaterThan(0);
    expect((await get('/api/lookup/agreements')).json().length).toBeGreaterThan(0);
    expect((await get('/api/lookup/info')).json().name).toBe('Krapao');
    expect((await get('/api/lookup/notice')).json().notice).toContain('{percentFail}');
    const contact = (await get('/api/lookup/contact')).json();
    expect(contact.lineQR).toMatch(/^data:image\/png;base64,/);
    expect(contact.lineLink).toMatch(/^https:\/\/line\.me\//);
    expect((await get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    expect((await get('/api/lookup/slip')).json()).toMatchObject({ closeStart: '23:50', closeEnd: '00:10' });
    expect((await get('/api/lookup/deposit')).json()).toMatchObject({ isManual: false });
    expect((await get('/api/lookup/active')).json()).toEqual({ terminated: null });
    expect((await get('/api/lookup/registerOTP')).json()).toEqual({ registerOTP: false });
    expect((await get('/api/lookup/enableChatWidget')).json()).toEqual({ enableChatWidget: false });
  });

  it('answers an unknown API path with 404 NO_DATA', async () => {
    const res = await get('/api/lookup/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_DATA' });
  });

  it('closes the whole API with gone while /api/lookup/active says so', async () => {
    await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: false } });
    const active = await get('/api/lookup/active');
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual({ terminated: 'gone' });
    const banks = await get('/api/lookup/banks');
    expect(banks.statusCode).toBe(410);
    expect(banks.json()).toEqual({ message: 'gone' });
    await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: true } });
    expect((await get('/api/lookup/banks')).statusCode).toBe(200);
  });
});

describe('lookups in the Laos build', () => {
  let laos: TestApp;
  beforeAll(async () => {
    laos = await createTestApp({ LAOS: 'true' });
  });
  afterAll(() => laos.close());

  it('lists BCEL first', async () => {
    const res = await laos.app.inject({ method: 'GET', url: '/api/lookup/banks' });
    expect(res.json()[0].code).toBe('BCEL');
  });

  it("answers the withdraw limits of the signed-in member's currency, the site's (kip) for a visitor", async () => {
    const withdrawLookup = async (token?: string) => {
      const res = await laos.app.inject({ method: 'GET', url: '/api/lookup/withdraw', headers: headers(token) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const kip = { withdrawMin: 10_000, withdrawMax: 5_000_000 };
    expect(await withdrawLookup()).toEqual(kip);
    expect(await withdrawLookup((await playedMember(laos, 0, 'LAK')).token)).toEqual(kip);
    expect(await withdrawLookup((await playedMember(laos, 0, 'BAHT')).token)).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
    });
    // A stale token is a visitor here, not a 401 that would sign the SPA out.
    expect(await withdrawLookup('expired-token')).toEqual(kip);
  });

  it("answers the minimum deposit of the signed-in member's currency: 1 baht, 1,000 kip", async () => {
    const minimum = async (token?: string) => {
      const res = await laos.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: headers(token) });
      expect(res.statusCode).toBe(200);
      return res.json().minimumDeposit;
    };
    expect(await minimum()).toBe(1_000);
    expect(await minimum((await playedMember(laos, 0, 'LAK')).token)).toBe(1_000);
    const baht = await playedMember(laos, 0, 'BAHT');
    expect(await minimum(baht.token)).toBe(1);
    // A baht member's QR deposit of 500 baht is above the baht minimum, not refused as below 1,000.
    const qr = await laos.app.inject({
      method: 'POST',
      url: '/api/qrcode/KBANK',
      headers: headers(baht.token),
      payload: { amount: 500 },
    });
    expect(qr.json().message).not.toBe('QR_FAIL');
  });
});
