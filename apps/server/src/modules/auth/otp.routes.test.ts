import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otpRequests } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { post, uniquePhone } from './testing.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

let ipCount = 0;
/** Each test sends from its own IP, so the per-IP caps of one test do not reach the next. */
const freshIp = () => `10.20.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
const send = (phoneNumber: string, ip: string) => post(t, '/api/otp/send', { phoneNumber }, { ip });
const verify = (otpToken: string, otpCode: string, ip: string) =>
  post(t, '/api/otp/verify', { otpToken, otpCode }, { ip });
const smsOf = async (phone: string) => (await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${phone}` })).json();
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sends a code and reads it back from the sandbox SMS inbox. */
async function sent(phone: string, ip: string) {
  const res = await send(phone, ip);
  expect(res.json()).toMatchObject({ code: 'SUCCESS' });
  const [sms] = await smsOf(phone);
  return { otpToken: res.json().otpToken as string, otpRef: res.json().otpRef as string, code: sms.code as string };
}

describe('POST /api/otp/send', () => {
  it('sends a 6-digit code with a reference by SMS and stores only hashes', async () => {
    const phone = uniquePhone();
    const res = await send(phone, freshIp());
    expect(res.statusCode).toBe(200);
    const { otpRef, otpToken, code } = res.json();
    expect(code).toBe('SUCCESS');
    expect(otpRef).toMatch(/^[A-Z2-9]{4}$/);
    expect(otpToken.length).toBeGreaterThan(30);
    const [sms] = await smsOf(phone);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toBe(`รหัส OTP ของคุณคือ ${sms.code} (Ref: ${otpRef}) ใช้ได้ภายใน 5 นาที`);
    const [row] = await t.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
    expect(row).toMatchObject({ ref: otpRef, attempts: 0, verifiedAt: null });
    expect(JSON.stringify(row)).not.toContain(otpToken);
    expect(row?.codeHash).not.toContain(sms.code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
  });

  it('refuses a phone that is not 10 digits, and a registered phone', async () => {
    const ip = freshIp();
    for (const phone of ['081234567', '08123456789', '08-1234567', 'abcdefghij', '๐๘๑๒๓๔๕๖๗๘']) {
      const res = await send(phone, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
    }
    const taken = await send('0800000001', ip);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'EXISTING_USER' });
  });

  it('allows one send per minute and OTP_MAX_PER_HOUR per hour for one phone', async () => {
    const phone = uniquePhone();
    expect((await send(phone, freshIp())).statusCode).toBe(200);
    const again = await send(phone, freshIp());
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    for (let i = 2; i <= 5; i++) {
      clock += 61_000;
      expect((await send(phone, freshIp())).json().code).toBe('SUCCESS');
    }
    clock += 61_000;
    const blocked = await send(phone, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'OTP_BLOCK' });
    clock += 60 * 60_000;
    expect((await send(phone, freshIp())).json().code).toBe('SUCCESS');
  });

  it('caps the sends of one IP per hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await send(uniquePhone(), ip)).statusCode).toBe(200);
    const res = await send(uniquePhone(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('answers OTP_SEND_FAIL when the SMS gateway fails, leaving nothing to verify', async () => {
    const phone = uniquePhone();
    const spy = vi.spyOn(t.ctx.sms, 'send').mockRejectedValueOnce(new Error('gateway down'));
    const res = await send(phone, freshIp());
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    expect(await t.db.select().from(otpRequests).where(eq(otpRequests.phone, phone))).toEqual([]);
    expect((await send(phone, freshIp())).json().code).toBe('SUCCESS');
  });
});

describe('POST /api/otp/verify', () => {
  it('accepts the right code once; the phone then answers OTP_VERIFIED without a new SMS', async () => {
    const phone = uniquePhone();
    const ip = freshIp();
    const otp = await sent(phone, ip);
    const wrong = await verify(otp.otpToken, wrongCode(otp.code), ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'OTP_CODE_INVALID' });
    const right = await verify(otp.otpToken, otp.code, ip);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ code: 'OTP_CODE_VALID' });
    const twice = await verify(otp.otpToken, otp.code, ip);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'OTP_VERIFIED' });

    const resend = await send(phone, ip);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ code: 'OTP_VERIFIED', otpRef: otp.otpRef });
    expect(await smsOf(phone)).toHaveLength(1);
  });

  it('answers OTP_TOKEN_INVALID to an unknown token', async () => {
    const res = await verify('not-a-token', '123456', freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
  });

  it('answers OTP_EXPIRED once OTP_TTL_SECONDS have passed', async () => {
    const ip = freshIp();
    const otp = await sent(uniquePhone(), ip);
    clock += 301_000;
    const res = await verify(otp.otpToken, otp.code, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('blocks the code after 5 wrong tries, even the right code', async () => {
    const ip = freshIp();
    const otp = await sent(uniquePhone(), ip);
    for (let i = 0; i < 5; i++) {
      expect((await verify(otp.otpToken, wrongCode(otp.code), ip)).json()).toEqual({ message: 'OTP_CODE_INVALID' });
    }
    const res = await verify(otp.otpToken, otp.code, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('evaluates at most 5 guesses of a parallel burst of 20', async () => {
    const ip = freshIp();
    const phone = uniquePhone();
    const otp = await sent(phone, ip);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(otp.code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => verify(otp.otpToken, g, ip)));
    const messages = answers.map((r) => r.json().message);
    expect(messages.filter((m) => m === 'OTP_CODE_INVALID')).toHaveLength(5);
    expect(messages.filter((m) => m === 'OTP_BLOCK')).toHaveLength(15);
    const [row] = await t.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
    expect(row?.attempts).toBe(5);
    expect((await verify(otp.otpToken, otp.code, ip)).json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('caps the verify calls of one IP per hour', async () => {
    const ip = freshIp();
    const max = t.ctx.config.OTP_VERIFY_IP_MAX_PER_HOUR;
    await Promise.all(Array.from({ length: max }, () => verify('unknown', '000000', ip)));
    const res = await verify('unknown', '000000', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('answers bad input with 400 KEY_INVALID / KEY_MISSING', async () => {
    const ip = freshIp();
    expect((await post(t, '/api/otp/verify', { otpToken: 'x', otpCode: 123456 }, { ip })).json().message).toBe(
      'KEY_INVALID',
    );
    expect((await post(t, '/api/otp/verify', { otpToken: 'x' }, { ip })).json().message).toMatch('KEY_MISSING');
    expect((await post(t, '/api/otp/verify', { otpToken: 'x'.repeat(10_000), otpCode: '1' }, { ip })).statusCode).toBe(
      400,
    );
    expect((await post(t, '/api/otp/send', { phoneNumber: '0812345678', x: 1 }, { ip })).json().message).toBe(
      'KEY_INVALID',
    );
    expect((await post(t, '/api/otp/send', { phoneNumber: 812345678 }, { ip })).json().message).toBe('KEY_INVALID');
    expect((await post(t, '/api/otp/send', { phoneNumber: '' }, { ip })).statusCode).toBe(400);
  });
});
