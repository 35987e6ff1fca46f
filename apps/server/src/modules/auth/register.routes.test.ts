import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { otpRequests } from '../../db/schema/auth.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { settings as siteSettings } from '../../db/schema/lookup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSettingsRepository, forgetCachedSettings, isRegisterOtpOn } from '../lookup/settings.repository.ts';
import { post, registration, uniquePhone } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCount = 0;
const freshIp = () => `10.30.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
const validate = (body: unknown, app = t) => post(app, '/api/account/validate', body, { ip: freshIp() });
const register = (body: unknown, app = t) => post(app, '/api/account', body, { ip: freshIp() });
const memberCount = async (app = t) => (await app.db.select({ n: count() }).from(members))[0]!.n;
const setOtp = (registerOTP: boolean) =>
  t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { registerOTP } });

async function walletOf(app: TestApp, memberId: number) {
  return app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
}

describe('POST /api/account', () => {
  it('creates the member, the payout account and a WALLET at 0 in BAHT', async () => {
    const body = registration({ name: '  สมหญิง  ใจงาม ', bankAccountName: ' somying   jaingam ', currency: 'BAHT' });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', _id: expect.stringMatching(/^\d+$/) });
    const id = Number(res.json()._id);
    const [member] = await t.db.select().from(members).where(eq(members.id, id));
    expect(member).toMatchObject({ username: body.username, name: 'สมหญิง  ใจงาม', currency: 'BAHT', status: 'ACTIVE' });
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    const [bank] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, id));
    expect(bank).toMatchObject({ bankCode: 'KBANK', accountName: 'SOMYING JAINGAM', accountNo: body.bankAccountNo });
    const wallets = await walletOf(t, id);
    expect(wallets).toEqual([
      expect.objectContaining({ code: 'WALLET', kind: 'MEMBER', currency: 'BAHT', balance: 0n }),
    ]);
    const login = await post(t, '/api/login', { username: body.username, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  it('stores the inviter of a PR code and the source, and refuses unknown ones', async () => {
    const res = await register(registration({ inviteCode: 'pr100001', sourceCode: 'FB' }));
    const [member] = await t.db
      .select()
      .from(members)
      .where(eq(members.id, Number(res.json()._id)));
    expect(member).toMatchObject({ referrerId: 100001, sourceCode: 'FB' });
    // An unknown inviter is named, so the wizard can drop it; an unknown source is not.
    for (const bad of [{ inviteCode: 'PR999999' }, { inviteCode: '100001' }, { inviteCode: 'PRX' }]) {
      const refused = await register(registration(bad));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'INVALID_USER_INFO', fields: ['inviteCode'] });
    }
    const badSource = await register(registration({ sourceCode: 'NOPE' }));
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json()).toEqual({ message: 'INVALID_USER_INFO' });
  });

  it('answers each check in order, on validate and on register alike, writing nothing', async () => {
    const before = await memberCount();
    const cases: [Parameters<typeof registration>[0], string][] = [
      [{ username: '081234567' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      [{ username: '0800000001' }, 'EXISTING_USER'],
      [{ bankCode: 'NOBANK' }, 'INVALID_BANK'],
      [{ bankCode: 'BCEL' }, 'INVALID_BANK'],
      [{ bankAccountNo: '12-3456' }, 'INVALID_USER_INFO'],
      [{ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankAccountNo: '1234567890' }, 'EXISTING_BANK'],
      [{ bankCode: 'KTB', bankAccountName: 'สมชาย', bankAccountNo: 'x' }, 'INVALID_USER_INFO'],
      [{ currency: 'LAK' }, 'INVALID_USER_INFO'],
    ];
    for (const [overrides, code] of cases) {
      const body = registration(overrides);
      for (const res of [await validate(body), await register(body)]) {
        expect(res.json(), code).toEqual({ message: code });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(await memberCount()).toBe(before);
    expect((await validate(registration())).json()).toEqual({ message: 'OK' });
    expect(await memberCount()).toBe(before);
  });

  it('validates step 3 before the bank step: empty bank fields pass, person checks still apply', async () => {
    const step3 = registration({ bankCode: '', bankAccountName: '', bankAccountNo: '' });
    expect((await validate(step3)).json()).toEqual({ message: 'OK' });
    const { bankCode: _c, bankAccountName: _n, bankAccountNo: _a, ...noBankKeys } = registration();
    expect((await validate(noBankKeys)).json()).toEqual({ message: 'OK' });
    expect((await validate({ ...step3, username: '0800000001' })).json()).toEqual({ message: 'EXISTING_USER' });
    expect((await validate({ ...step3, inviteCode: 'PR1' })).json()).toEqual({
      message: 'INVALID_USER_INFO',
      fields: ['inviteCode'],
    });
    expect((await register(step3)).statusCode).toBe(400);
  });

  it('lets exactly one of two parallel registrations of a phone, or of a bank account, through', async () => {
    const body = registration();
    const phones = await Promise.all([register(body), register({ ...body, bankAccountNo: `7${body.bankAccountNo}` })]);
    expect(phones.map((r) => r.json().message).sort()).toEqual(['EXISTING_USER', 'SUCCESS']);
    const account = registration();
    const banks = await Promise.all([
      register(account),
      register(registration({ bankAccountNo: account.bankAccountNo })),
    ]);
    expect(banks.map((r) => r.json().message).sort()).toEqual(['EXISTING_BANK', 'SUCCESS']);
  });

  it('limits registrations per IP', async () => {
    const ip = '10.31.0.1';
    const bad = registration({ username: '1' });
    for (let i = 0; i < t.ctx.config.REGISTER_IP_MAX_PER_HOUR; i++) {
      expect((await post(t, '/api/account', bad, { ip })).json().message).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    }
    const res = await post(t, '/api/account', registration(), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('answers malformed, unknown, mistyped and oversized input with 4xx and writes nothing', async () => {
    const before = await memberCount();
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/account', payload, headers: { 'content-type': 'application/json' } });
    expect((await raw('{"name":')).json()).toEqual({ message: 'KEY_INVALID' });
    expect((await register({ ...registration(), admin: true })).json().message).toBe('KEY_INVALID');
    expect((await register({ ...registration(), bankAccountNo: 1234567890 })).json().message).toBe('KEY_INVALID');
    expect((await register({ ...registration(), currency: 'USD' })).json().message).toBe('KEY_INVALID');
    expect((await register({ ...registration(), password: '123' })).json().message).toBe('KEY_INVALID');
    expect((await register({ ...registration(), name: 'ก'.repeat(10_000) })).json().message).toBe('KEY_INVALID');
    for (const field of ['name', 'bankCode', 'sourceCode'] as const) {
      expect((await register(registration({ [field]: 'A\u0000B' }))).json().message).toBe('KEY_INVALID');
    }
    const { bankCode: _, ...noBank } = registration();
    expect((await register(noBank)).json().message).toBe('KEY_MISSING');
    expect((await raw(JSON.stringify({ ...registration(), name: 'x'.repeat(2_000_000) }))).statusCode).toBe(413);
    expect(await memberCount()).toBe(before);
  });
});

describe('registration with OTP on', () => {
  beforeAll(() => setOtp(true));
  afterAll(() => setOtp(false));

  async function verifiedPhone(ip: string) {
    const phone = uniquePhone();
    const sent = await post(t, '/api/otp/send', { phoneNumber: phone }, { ip });
    const [sms] = (await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${phone}` })).json();
    const res = await post(t, '/api/otp/verify', { otpToken: sent.json().otpToken, otpCode: sms.code }, { ip });
    expect(res.json()).toEqual({ code: 'OTP_CODE_VALID' });
    return phone;
  }

  it('refuses a phone without a verify with UNVERIFIED_OTP', async () => {
    for (const res of [await validate(registration()), await register(registration())]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    }
  });

  it('registers a verified phone once and uses up its verify', async () => {
    const phone = await verifiedPhone('10.32.0.1');
    expect((await validate(registration({ username: phone }))).json()).toEqual({ message: 'OK' });
    const res = await register(registration({ username: phone }));
    expect(res.json().message).toBe('SUCCESS');
    const [otp] = await t.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
    expect(otp?.consumedAt).toBeInstanceOf(Date);
    const [member] = await t.db.select().from(members).where(eq(members.username, phone));
    expect(member?.phoneVerifiedAt).toBeInstanceOf(Date);
    // The verify is gone: the same phone is refused before the username check.
    expect((await validate(registration({ username: phone }))).json()).toEqual({ message: 'UNVERIFIED_OTP' });
  });
});

describe('registration in the Laos build', () => {
  let laos: TestApp;
  beforeAll(async () => {
    laos = await createTestApp({ LAOS: 'true' });
  });
  afterAll(() => laos.close());

  it('accepts an 8-digit phone and a BCEL account, with the WALLET in LAK by default', async () => {
    const body = registration({ username: '20551234', bankCode: 'BCEL', bankAccountNo: '0101234567' });
    const res = await register(body, laos);
    expect(res.json().message).toBe('SUCCESS');
    const wallets = await walletOf(laos, Number(res.json()._id));
    expect(wallets).toEqual([expect.objectContaining({ code: 'WALLET', currency: 'LAK', balance: 0n })]);
    const baht = await register(registration({ username: '20551235', bankCode: 'KBANK', currency: 'BAHT' }), laos);
    expect((await walletOf(laos, Number(baht.json()._id)))[0]?.currency).toBe('BAHT');
  });

  it('refuses an implausible phone with INVALID_USER_INFO and sends the OTP in Lao', async () => {
    expect((await validate(registration({ username: '12a45' }), laos)).json()).toEqual({
      message: 'INVALID_USER_INFO',
    });
    const sent = await post(laos, '/api/otp/send', { phoneNumber: '20559999' });
    expect(sent.json().code).toBe('SUCCESS');
    const [sms] = (await laos.app.inject({ method: 'GET', url: '/dev/sms?phone=20559999' })).json();
    expect(sms.text).toBe(`ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${sms.code} (Ref: ${sent.json().otpRef}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ`);
  });
});

describe('registration OTP by default', () => {
  it('is on in production and off elsewhere while no operator has set it', async () => {
    const settings = createSettingsRepository(t.db);
    const before = await settings.get('registerOTP');
    await t.db.delete(siteSettings).where(eq(siteSettings.key, 'registerOTP'));
    forgetCachedSettings(t.db);
    try {
      expect(await isRegisterOtpOn(settings, { isProduction: true })).toBe(true);
      expect(await isRegisterOtpOn(settings, { isProduction: false })).toBe(false);
      await settings.set('registerOTP', false);
      expect(await isRegisterOtpOn(settings, { isProduction: true })).toBe(false);
    } finally {
      await settings.set('registerOTP', before ?? false);
    }
  });

  it('is seeded on for production', async () => {
    const { seed } = await import('../../seed.ts');
    const settings = createSettingsRepository(t.db);
    await t.db.delete(siteSettings).where(eq(siteSettings.key, 'registerOTP'));
    forgetCachedSettings(t.db);
    try {
      await seed(t.db, { ...t.ctx.config, isProduction: true }, { demoMember: false });
      forgetCachedSettings(t.db);
      expect(await settings.get('registerOTP')).toBe(true);
    } finally {
      await settings.set('registerOTP', false);
    }
  });

  it('leaves a member registered without an OTP unproven', async () => {
    const body = registration();
    expect((await register(body)).json().message).toBe('SUCCESS');
    const [member] = await t.db.select().from(members).where(eq(members.username, body.username));
    expect(member?.phoneVerifiedAt).toBeNull();
  });
});
