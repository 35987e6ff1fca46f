import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { newMember, post } from './testing.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const DEMO = { username: '0800000001', password: 'krapao123' };
const profile = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/profile', headers: headers(token) });

describe('POST /api/login', () => {
  it('answers a token that opens the member calls', async () => {
    const res = await post(t, '/api/login', DEMO, { ip: '10.1.0.1' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const me = await profile(res.json().token);
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.username).toBe(DEMO.username);
  });

  it('answers WRONG_CREDENTIAL alike for a wrong password and an unknown user', async () => {
    const wrong = await post(t, '/api/login', { ...DEMO, password: 'nope-nope' }, { ip: '10.1.0.2' });
    const unknown = await post(t, '/api/login', { username: '0899999999', password: 'whatever' }, { ip: '10.1.0.2' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
  });

  it('answers INACTIVE_USER to a suspended member with the right password', async () => {
    const m = await newMember(t);
    await t.db.update(members).set({ status: 'SUSPENDED' }).where(eq(members.id, m.id));
    // Whatever suspends a member tells the session cache, which holds the token since its login.
    await t.app.sessions.forgetMember(m.id);
    const res = await post(t, '/api/login', { username: m.username, password: m.password }, { ip: '10.1.0.3' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'INACTIVE_USER' });
    // Its existing session stops working too.
    expect((await profile(m.token)).statusCode).toBe(401);
  });

  it('locks one source out of an account, even with the right password, backing off; other sources go on', async () => {
    const m = await newMember(t);
    const from = (ip: string, password: string) => post(t, '/api/login', { username: m.username, password }, { ip });
    for (let i = 0; i < 5; i++) expect((await from('10.2.0.1', 'bad-guess')).json().message).toBe('WRONG_CREDENTIAL');
    const blocked = await from('10.2.0.1', m.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await from('10.2.0.2', m.password)).statusCode).toBe(200);
    // One minute, then one more guess, which locks the source for two.
    clock += 61_000;
    expect((await from('10.2.0.1', 'bad-guess')).json().message).toBe('WRONG_CREDENTIAL');
    clock += 61_000;
    expect((await from('10.2.0.1', m.password)).statusCode).toBe(429);
    clock += 60_000;
    expect((await from('10.2.0.1', m.password)).statusCode).toBe(200);
  });

  it('counts a parallel burst from one source one by one: exactly the limit gets an answer', async () => {
    const m = await newMember(t);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(t, '/api/login', { username: m.username, password: `bad-${i}` }, { ip: '10.6.0.1' }),
      ),
    );
    const messages = burst.map((r) => r.json().message);
    expect(messages.filter((x) => x === 'WRONG_CREDENTIAL')).toHaveLength(t.ctx.config.LOGIN_MAX_ATTEMPTS);
    expect(messages.filter((x) => x === 'REQUEST_LIMIT')).toHaveLength(20 - t.ctx.config.LOGIN_MAX_ATTEMPTS);
  });

  it('forgets failed attempts of a source after its successful login', async () => {
    const m = await newMember(t);
    const attempt = (password: string) => post(t, '/api/login', { username: m.username, password }, { ip: '10.3.0.1' });
    for (let i = 0; i < 4; i++) expect((await attempt('bad-guess')).statusCode).toBe(401);
    expect((await attempt(m.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('bad-guess')).statusCode).toBe(401);
    expect((await attempt(m.password)).statusCode).toBe(200);
  });

  it('limits one IP across many accounts', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 50; i++) {
      const res = await post(t, '/api/login', { username: `07${String(i).padStart(8, '0')}`, password: 'x' }, { ip });
      expect(res.json().message).toBe('WRONG_CREDENTIAL');
    }
    const blocked = await post(t, '/api/login', DEMO, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await post(t, '/api/login', DEMO, { ip: '10.4.0.2' })).statusCode).toBe(200);
  });
});

describe('POST /api/logout and the bearer token', () => {
  it('revokes the current session only', async () => {
    const m = await newMember(t);
    const other = await post(t, '/api/login', { username: m.username, password: m.password }, { ip: '10.5.0.1' });
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headers(m.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(m.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await profile(other.json().token)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headers(m.token) });
    expect(again.statusCode).toBe(401);
  });

  it('accepts an empty JSON body too', async () => {
    const m = await newMember(t);
    const res = await post(t, '/api/logout', {}, { token: m.token });
    expect(res.json()).toEqual({ message: 'SUCCESS' });
  });

  it('answers 401 invalid-token to a missing, garbage, oversized or expired token', async () => {
    const m = await newMember(t);
    const garbage = ['garbage', 'x'.repeat(5000), 'ünïcødé', ''];
    expect((await profile()).statusCode).toBe(401);
    for (const token of garbage) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.json()).toEqual({ message: 'invalid-token' });
    expect((await profile(m.token)).statusCode).toBe(200);
    clock += (t.ctx.config.SESSION_TTL_HOURS + 1) * 3_600_000;
    const expired = await profile(m.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'invalid-token' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.memberId, m.id));
    expect(row?.expiresAt.getTime()).toBeLessThan(clock);
  });
});

describe('bad login input', () => {
  const raw = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { ...headers(), 'content-type': contentType },
    });

  it('answers 4xx KEY_MISSING / KEY_INVALID, never a 5xx', async () => {
    expect((await raw('{"username": "0800000001",')).json()).toEqual({ message: 'KEY_INVALID' });
    expect((await raw('')).statusCode).toBe(400);
    expect((await post(t, '/api/login', { username: '0800000001' })).json().message).toBe('KEY_MISSING');
    expect((await post(t, '/api/login', { ...DEMO, extra: 1 })).json().message).toBe('KEY_INVALID');
    expect((await post(t, '/api/login', { username: 800000001, password: 'x' })).json().message).toBe('KEY_INVALID');
    expect((await post(t, '/api/login', { username: 'x'.repeat(10_000), password: 'x' })).json().message).toBe(
      'KEY_INVALID',
    );
    expect((await post(t, '/api/login', [DEMO])).statusCode).toBe(400);
    expect((await post(t, '/api/login', null)).statusCode).toBe(400);
    const big = await raw(JSON.stringify({ ...DEMO, password: 'x'.repeat(2_000_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'KEY_INVALID' });
    const form = await raw('username=a&password=b', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    const nul = await post(t, '/api/login', { username: '0800000001\u0000', password: 'x' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'KEY_INVALID' });
    const unicode = await post(t, '/api/login', { username: '๐๘๐๐๐๐๐๐๐๑', password: '🔑'.repeat(20) });
    expect(unicode.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });
});
