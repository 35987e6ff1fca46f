// Helpers the console's route tests share: a staff member of a role, signed in through the API,
// with the cookie and CSRF header every /api/ops call needs.

import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER, OPS_SESSION_COOKIE, opsPaths } from '@krapao/contracts/ops/paths';
import type { StaffRole } from '@krapao/contracts/ops/roles';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../lib/password.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createTotp, totpCode } from './totp.ts';

export type TestStaff = { id: number; username: string; password: string; secret: string; role: StaffRole };
export type SignedInStaff = TestStaff & {
  /** The session token (cookie OPS_SESSION_COOKIE) and the CSRF token (cookie OPS_CSRF_COOKIE). */
  token: string;
  csrf: string;
  /** `cookie` and the CSRF header: spread into `inject({ headers })`. */
  headers: Record<string, string>;
};

let next = Math.floor(Math.random() * 1_000_000);
/** A staff username no other call of this process hands out. */
export function uniqueStaffUsername(prefix = 'staff'): string {
  next += 1;
  return `${prefix}-${next}`;
}

/** An enrolled, active staff member written straight to the database (no audit entry). */
export async function createStaff(
  t: TestApp,
  role: StaffRole,
  opts: { username?: string; password?: string } = {},
): Promise<TestStaff> {
  const username = opts.username ?? uniqueStaffUsername(role);
  const password = opts.password ?? `pw-${username}-long`;
  const totp = createTotp(t.ctx.config.APP_SECRET);
  const { secret, sealed } = totp.newSecret(username);
  const repo = createStaffRepository();
  const row = await repo.insert(t.db, {
    username,
    displayName: `Test ${role}`,
    role,
    status: 'active',
    createdAt: t.ctx.now(),
  });
  if (!row) throw new Error(`staff ${username} exists`);
  await repo.update(t.db, row.id, { passwordHash: await hashPassword(password), totpSecret: sealed });
  return { id: row.id, username, password, secret, role };
}

/** The code the staff member's authenticator shows at the app's clock, `stepOffset` steps away. */
export function codeOf(t: TestApp, secret: string, stepOffset = 0): Promise<string> {
  return totpCode(secret, t.ctx.now(), stepOffset);
}

/** POST opsPaths.login. */
export function opsLogin(
  t: TestApp,
  body: { username: string; password: string; code: string },
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: opsPaths.login, payload: body, remoteAddress: ip });
}

/** The session and CSRF tokens a sign-in (or enrolment) answer set. */
export function sessionOf(res: LightMyRequestResponse): { token: string; csrf: string } {
  const token = res.cookies.find((c) => c.name === OPS_SESSION_COOKIE)?.value;
  const csrf = res.cookies.find((c) => c.name === OPS_CSRF_COOKIE)?.value;
  if (!token || !csrf) throw new Error(`no session cookies: ${res.statusCode} ${res.body}`);
  return { token, csrf };
}

/** The headers of a console call with this session: the cookie, and the CSRF header unless `csrf` is false. */
export function opsHeaders(s: { token: string; csrf: string }, opts: { csrf?: boolean } = {}): Record<string, string> {
  return { cookie: `${OPS_SESSION_COOKIE}=${s.token}`, ...(opts.csrf === false ? {} : { [OPS_CSRF_HEADER]: s.csrf }) };
}

/** Signs an existing staff member in through the API (the code of `stepOffset`: 0 for the first sign-in). */
export async function signIn(
  t: TestApp,
  s: TestStaff,
  opts: { stepOffset?: number; ip?: string } = {},
): Promise<SignedInStaff> {
  const code = await codeOf(t, s.secret, opts.stepOffset ?? 0);
  const res = await opsLogin(t, { username: s.username, password: s.password, code }, opts.ip);
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const session = sessionOf(res);
  return { ...s, ...session, headers: opsHeaders(session) };
}

/** A new staff member of `role`, enrolled and signed in. */
export async function signedInStaff(t: TestApp, role: StaffRole = 'owner'): Promise<SignedInStaff> {
  return signIn(t, await createStaff(t, role));
}

/** A console call as `s` (cookie and CSRF header set). */
export function opsCall(
  t: TestApp,
  s: { headers: Record<string, string> },
  method: InjectOptions['method'],
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload }) });
}
