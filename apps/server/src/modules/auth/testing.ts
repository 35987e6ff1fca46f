// Helpers the auth and account route tests share: a valid registration payload and a member with a token.
import type { TRegisterRequest } from '@krapao/contracts/auth';
import { headers, type TestApp } from '../../test/test-app.ts';

let next = Math.floor(Math.random() * 50_000_000);
/** A 10-digit phone (8 digits after `prefix` '09') no other call of this process hands out. */
export function uniquePhone(prefix = '09'): string {
  next += 1;
  return `${prefix}${String(next).padStart(8, '0')}`;
}

export function registration(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  const username = overrides.username ?? uniquePhone();
  return {
    name: 'Test Member',
    username,
    password: 'secret123',
    sourceCode: '',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'TEST MEMBER',
    bankAccountNo: `55${username}`,
    currency: '',
    ...overrides,
  };
}

export function post(t: TestApp, url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: headers(opts.token),
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
}

/** Registers a member through the API and logs in: its id, phone, password and a token. */
export async function newMember(t: TestApp, overrides: Partial<TRegisterRequest> = {}) {
  const body = registration(overrides);
  const ip = `10.9.${next % 250}.${(next * 7) % 250}`;
  const reg = await post(t, '/api/account', body, { ip });
  if (reg.statusCode !== 200) throw new Error(`registration failed: ${reg.body}`);
  const login = await post(t, '/api/login', { username: body.username, password: body.password }, { ip });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { id: Number(reg.json()._id), ...body, token: login.json().token as string };
}

/** GET /api/account/profile with a token: 200 while the session is live. */
export function profile(t: TestApp, token: string) {
  return t.app.inject({ method: 'GET', url: '/api/account/profile', headers: headers(token) });
}

/** PUT /api/account/changepwd as the member; the answer carries the new session's token. */
export function changePassword(t: TestApp, token: string, oldPassword: string, newPassword: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/account/changepwd',
    payload: { oldPassword, newPassword },
    headers: headers(token),
  });
}
