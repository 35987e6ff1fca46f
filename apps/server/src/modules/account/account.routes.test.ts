import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { newMember, post } from '../auth/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: headers(token) });
const put = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: headers(token) });

describe('GET /api/account/profile', () => {
  it('answers the member profile and payout account', async () => {
    const login = await post(t, '/api/login', { username: '0800000001', password: 'krapao123' });
    const res = await get('/api/account/profile', login.json().token);
    expect(res.statusCode).toBe(200);
    const [demo] = await t.db.select().from(members).where(eq(members.username, '0800000001'));
    expect(res.json()).toEqual({
      profile: {
        _id: String(demo!.id),
        username: '0800000001',
        name: 'สมชาย ใจดี',
        createdAt: demo!.createdAt.toISOString(),
        // The seeded spin coins of the demo member (modules/spin/seed-spin.ts).
        coin: 3,
      },
      bankAccount: {
        bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
      },
    });
  });

  it('answers 401 invalid-token to every account call without a session', async () => {
    const calls = [
      get('/api/account/profile'),
      put('/api/account/profile', { name: 'x' }),
      put('/api/account/bankAccountName', { bankCode: 'KBANK', bankAccountName: 'X' }),
      put('/api/account/changepwd', { oldPassword: 'a', newPassword: 'bbbbbb' }, 'garbage'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
  });
});

describe('PUT /api/account/profile', () => {
  it('changes the name only, accepting the registered bank fields unchanged', async () => {
    const m = await newMember(t);
    const res = await put(
      '/api/account/profile',
      { name: '  New Name ', bankCode: m.bankCode, bankAccountNo: m.bankAccountNo, bankAccountName: 'test  member' },
      m.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.name).toBe('New Name');
    expect(res.json().bankAccount).toMatchObject({ bankCode: m.bankCode, bankAccountName: 'TEST MEMBER' });
    expect((await get('/api/account/profile', m.token)).json().profile.name).toBe('New Name');
  });

  it('refuses a different bank code, number or holder name with INVALID_BANK', async () => {
    const m = await newMember(t);
    for (const change of [{ bankCode: 'SCB' }, { bankAccountNo: '999999999' }, { bankAccountName: 'SOMEONE ELSE' }]) {
      const res = await put('/api/account/profile', { name: 'Changed', ...change }, m.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'INVALID_BANK' });
    }
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row?.name).toBe(m.name);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const m = await newMember(t);
    const cases: [unknown, string][] = [
      [{}, 'KEY_MISSING'],
      [{ name: '' }, 'KEY_INVALID'],
      [{ name: 7 }, 'KEY_INVALID'],
      [{ name: 'x', memberId: 1 }, 'KEY_INVALID'],
      [{ name: 'x'.repeat(10_000) }, 'KEY_INVALID'],
      [{ name: 'a\u0000' }, 'KEY_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await put('/api/account/profile', body, m.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(code);
    }
    expect((await get('/api/account/profile', m.token)).json().profile.name).toBe(m.name);
  });
});

describe('PUT /api/account/bankAccountName', () => {
  it('changes the holder name, normalised to upper case', async () => {
    const m = await newMember(t, { bankCode: 'KTB' });
    const res = await put(
      '/api/account/bankAccountName',
      { bankCode: 'KTB', bankAccountName: ' new   holder ' },
      m.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'SUCCESS',
      bankAccount: {
        bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
        bankCode: 'KTB',
        bankAccountName: 'NEW HOLDER',
        bankAccountNo: m.bankAccountNo,
      },
    });
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, m.id));
    expect(row?.accountName).toBe('NEW HOLDER');
  });

  it('needs English for KTB / TMB / BBL but not for other banks, and the registered bank code', async () => {
    const ktb = await newMember(t, { bankCode: 'KTB' });
    const thai = await put(
      '/api/account/bankAccountName',
      { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' },
      ktb.token,
    );
    expect(thai.statusCode).toBe(400);
    expect(thai.json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG' });
    const other = await put('/api/account/bankAccountName', { bankCode: 'SCB', bankAccountName: 'X Y' }, ktb.token);
    expect(other.json()).toEqual({ message: 'INVALID_BANK' });
    const kbank = await newMember(t);
    const res = await put(
      '/api/account/bankAccountName',
      { bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' },
      kbank.token,
    );
    expect(res.json().bankAccount.bankAccountName).toBe('สมชาย ใจดี');
  });
});

describe('PUT /api/account/changepwd', () => {
  it('stores the new password, ends every session and answers a fresh working token', async () => {
    const m = await newMember(t);
    const other = (await post(t, '/api/login', { username: m.username, password: m.password })).json().token;
    const res = await put('/api/account/changepwd', { oldPassword: m.password, newPassword: 'brand-new-1' }, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', token: expect.any(String) });
    for (const old of [m.token, other])
      expect((await get('/api/account/profile', old)).json()).toEqual({ message: 'invalid-token' });
    expect((await get('/api/account/profile', res.json().token)).statusCode).toBe(200);
    expect((await post(t, '/api/login', { username: m.username, password: m.password })).statusCode).toBe(401);
    expect((await post(t, '/api/login', { username: m.username, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('answers WRONG_PASSWORD, then REQUEST_LIMIT past its own per-member limit', async () => {
    const m = await newMember(t);
    const change = (oldPassword: string) =>
      put('/api/account/changepwd', { oldPassword, newPassword: 'other-pass' }, m.token);
    for (let i = 0; i < 5; i++) {
      const res = await change('wrong-old');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'WRONG_PASSWORD' });
    }
    const blocked = await change(m.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await get('/api/account/profile', m.token)).statusCode).toBe(200);
  });

  it('refuses a too short new password with KEY_INVALID', async () => {
    const m = await newMember(t);
    const res = await put('/api/account/changepwd', { oldPassword: m.password, newPassword: '123' }, m.token);
    expect(res.json()).toEqual(expect.objectContaining({ message: 'KEY_INVALID' }));
  });
});
