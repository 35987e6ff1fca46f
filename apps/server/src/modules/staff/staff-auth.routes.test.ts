// Staff sign-in: all three parts or nothing, one code per step, the members' back-off, and sessions
// that end by idleness, by age, by logout and by a change of credentials.
import { OPS_CSRF_COOKIE, OPS_SESSION_COOKIE, opsPaths } from '@krapao/contracts/ops/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEV_OWNER } from './seed-staff.ts';
import { codeOf, createStaff, opsCall, opsHeaders, opsLogin, sessionOf, signedInStaff, signIn } from './testing.ts';

let t: TestApp;
let clock = Date.parse('2026-11-26T10:00:05Z');
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: opsPaths.me, headers });
const auditOf = (staffId: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectId, String(staffId)), eq(auditLog.action, action)));

describe('staff sign-in', () => {
  it('signs in with password and code, sets the cookies as the console needs them, and audits it', async () => {
    const s = await createStaff(t, 'finance');
    const res = await opsLogin(t, { username: s.username, password: s.password, code: await codeOf(t, s.secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ id: s.id, username: s.username, role: 'finance' });
    expect(res.json().staff.permissions).toContain('withdrawals.review');
    const session = res.cookies.find((c) => c.name === OPS_SESSION_COOKIE);
    const csrf = res.cookies.find((c) => c.name === OPS_CSRF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/ops', secure: true });
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/', secure: true });
    expect(csrf?.httpOnly).toBeFalsy();
    expect((await me(opsHeaders(sessionOf(res)))).json().staff.username).toBe(s.username);
    expect(await auditOf(s.id, 'staff.sign-in')).toHaveLength(1);
  });

  it('answers OPS_LOGIN_FAIL alike for a wrong password, a wrong code, a reused code and an unknown name', async () => {
    const s = await createStaff(t, 'support');
    const code = await codeOf(t, s.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const tries = [
      { username: s.username, password: 'not-the-password', code },
      { username: s.username, password: s.password, code: wrongCode },
      { username: 'nobody-here', password: s.password, code },
    ];
    for (const body of tries) {
      const res = await opsLogin(t, body, '10.50.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'OPS_LOGIN_FAIL' });
    }
    expect((await opsLogin(t, { username: s.username, password: s.password, code }, '10.50.0.2')).statusCode).toBe(200);
    // The same code again, within its window: refused.
    const again = await opsLogin(t, { username: s.username, password: s.password, code }, '10.50.0.2');
    expect(again.json()).toEqual({ message: 'OPS_LOGIN_FAIL' });
    // The previous step's code is older than the one taken: refused too. The next step's is new.
    const previous = await codeOf(t, s.secret, -1);
    expect(
      (await opsLogin(t, { username: s.username, password: s.password, code: previous }, '10.50.0.2')).statusCode,
    ).toBe(401);
    const nextCode = await codeOf(t, s.secret, 1);
    expect(
      (await opsLogin(t, { username: s.username, password: s.password, code: nextCode }, '10.50.0.2')).statusCode,
    ).toBe(200);
  });

  it('takes a code one step off either way (clock drift), not two', async () => {
    const s = await createStaff(t, 'support');
    const login = async (offset: number) =>
      opsLogin(t, { username: s.username, password: s.password, code: await codeOf(t, s.secret, offset) });
    expect((await login(-2)).statusCode).toBe(401);
    expect((await login(-1)).statusCode).toBe(200);
  });

  it('locks a guessing source out with OPS_LOCKED, audits the lockout, and spares other sources', async () => {
    const s = await createStaff(t, 'admin');
    const max = t.ctx.config.LOGIN_MAX_ATTEMPTS;
    const code = await codeOf(t, s.secret);
    for (let i = 0; i < max; i++) {
      const res = await opsLogin(t, { username: s.username, password: `guess-${i}-xx`, code }, '10.51.0.1');
      expect(res.json()).toEqual({ message: 'OPS_LOGIN_FAIL' });
    }
    const locked = await opsLogin(t, { username: s.username, password: s.password, code }, '10.51.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'OPS_LOCKED' });
    const [entry] = await auditOf(s.id, 'staff.sign-in-locked');
    expect(entry).toMatchObject({ actor: 'system', staffId: s.id, after: { source: '10.51.0.1', failures: max } });
    expect((await opsLogin(t, { username: s.username, password: s.password, code }, '10.51.0.2')).statusCode).toBe(200);
    // A minute later the source may try again.
    clock += MINUTE + 1000;
    const later = await opsLogin(
      t,
      { username: s.username, password: s.password, code: await codeOf(t, s.secret) },
      '10.51.0.1',
    );
    expect(later.statusCode).toBe(200);
  });

  it('signs in the development owner with the README password and secret', async () => {
    const res = await opsLogin(t, {
      username: DEV_OWNER.username,
      password: DEV_OWNER.password,
      code: await codeOf(t, DEV_OWNER.totpSecret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.role).toBe('owner');
  });
});

describe('staff sessions', () => {
  it('ends after OPS_IDLE_MINUTES unused, and lives on while used', async () => {
    const s = await signedInStaff(t, 'support');
    const idle = t.ctx.config.OPS_IDLE_MINUTES * MINUTE;
    clock += idle - 1000;
    expect((await me(s.headers)).statusCode).toBe(200);
    clock += idle - 1000;
    expect((await me(s.headers)).statusCode).toBe(200);
    clock += idle + 1000;
    const res = await me(s.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'OPS_SIGNED_OUT' });
  });

  it('ends after OPS_SESSION_HOURS however busy', async () => {
    const s = await signedInStaff(t, 'support');
    const end = clock + t.ctx.config.OPS_SESSION_HOURS * 60 * MINUTE;
    while (clock + 20 * MINUTE < end) {
      clock += 20 * MINUTE;
      expect((await me(s.headers)).statusCode).toBe(200);
    }
    clock = end + 1000;
    expect((await me(s.headers)).json()).toEqual({ message: 'OPS_SIGNED_OUT' });
  });

  it('refuses a call that changes something without the CSRF token of the session', async () => {
    const s = await signedInStaff(t, 'owner');
    const other = await signedInStaff(t, 'owner');
    const body = { username: 'csrf-probe', displayName: 'Probe', role: 'support' };
    const bare = await t.app.inject({
      method: 'POST',
      url: opsPaths.staff,
      payload: body,
      headers: opsHeaders(s, { csrf: false }),
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({ message: 'OPS_CSRF' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: opsPaths.staff,
      payload: body,
      headers: opsHeaders({ token: s.token, csrf: other.csrf }),
    });
    expect(foreign.json()).toEqual({ message: 'OPS_CSRF' });
    // A GET needs none.
    expect((await me(opsHeaders(s, { csrf: false }))).statusCode).toBe(200);
    expect((await opsCall(t, s, 'POST', opsPaths.staff, body)).statusCode).toBe(200);
  });

  it('logout ends this session only; logout-all ends every one, both audited', async () => {
    const s = await createStaff(t, 'finance');
    const a = await signIn(t, s);
    const b = await signIn(t, s, { stepOffset: 1 });
    const out = await opsCall(t, a, 'POST', opsPaths.logout, {});
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === OPS_SESSION_COOKIE)?.value).toBe('');
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(b.headers)).statusCode).toBe(200);
    const [logout, ...more] = await auditOf(s.id, 'staff.logout');
    expect(more).toHaveLength(0);
    expect(logout).toMatchObject({ actor: 'staff', staffId: s.id, objectType: 'staff' });
    expect(logout?.after).toEqual({ sessionId: expect.any(Number) });
    expect(logout?.requestId).toBeTruthy();
    // The ended session cannot log out again, so nothing more is written.
    expect((await opsCall(t, a, 'POST', opsPaths.logout, {})).statusCode).toBe(401);
    expect(await auditOf(s.id, 'staff.logout')).toHaveLength(1);

    clock += 31_000;
    const c = await signIn(t, s, { stepOffset: 1 });
    expect((await opsCall(t, b, 'POST', opsPaths.logoutAll, {})).statusCode).toBe(200);
    expect((await me(b.headers)).statusCode).toBe(401);
    expect((await me(c.headers)).statusCode).toBe(401);
    const [entry] = await auditOf(s.id, 'staff.logout-all');
    expect(entry?.after).toEqual({ sessionsEnded: 2 });
  });

  it('never takes a member bearer token, on any console route', async () => {
    const { newMember } = await import('../auth/testing.ts');
    const m = await newMember(t);
    for (const route of t.app.opsRoutes.filter((r) => !r.isPublic && r.method !== 'HEAD')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':staffId', '1'),
        headers: { authorization: `Bearer ${m.token}`, 'x-wallet-user': 'true' },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, body: res.json() }).toEqual({
        route: `${route.method} ${route.url}`,
        body: { message: 'OPS_SIGNED_OUT' },
      });
    }
  });
});
