// A new staff member's first sign-in: the one-time link shows the secret, the first code proves the
// authenticator, and the link works once, until it expires or a newer one replaces it.
import { opsPaths } from '@krapao/contracts/ops/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsCall, opsHeaders, opsLogin, sessionOf, signedInStaff } from './testing.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
let clock = Date.parse('2026-11-26T11:00:05Z');
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://ops.example.com' }, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const enrolPath = (url: string) => opsPaths.enrol.replace(':token', url.split('/').at(-1)!);
const PASSWORD = 'a-long-staff-password';

async function newEnrolling(username: string, role = 'support') {
  const owner = await signedInStaff(t, 'owner');
  const res = await opsCall(t, owner, 'POST', opsPaths.staff, { username, displayName: 'New Person', role });
  expect(res.statusCode).toBe(200);
  return { owner, link: res.json() as { staff: { id: number; status: string }; enrolUrl: string } };
}

describe('staff enrolment', () => {
  it('shows the secret, takes the password and first code, signs in, and works once', async () => {
    const { link } = await newEnrolling('new.person');
    expect(link.staff.status).toBe('enrolling');
    expect(link.enrolUrl).toMatch(/^https:\/\/ops\.example\.com\/ops\/enrol\/[\w-]{40,}$/);
    const info = await t.app.inject({ method: 'GET', url: enrolPath(link.enrolUrl) });
    expect(info.statusCode).toBe(200);
    const { secret, otpauthUri, username } = info.json();
    expect(username).toBe('new.person');
    expect(otpauthUri).toBe(`otpauth://totp/Krapao:new.person?secret=${secret}&issuer=Krapao`);
    // The secret is sealed at rest.
    const [row] = await t.db.select().from(staff).where(eq(staff.id, link.staff.id));
    expect(row?.totpSecret).not.toContain(secret);

    const wrong = await t.app.inject({
      method: 'POST',
      url: enrolPath(link.enrolUrl),
      payload: {
        password: PASSWORD,
        code: '000000' === (await totpCode(secret, new Date(clock))) ? '111111' : '000000',
      },
    });
    expect(wrong.json()).toEqual({ message: 'OPS_TOTP_INVALID' });
    const code = await totpCode(secret, new Date(clock));
    const done = await t.app.inject({
      method: 'POST',
      url: enrolPath(link.enrolUrl),
      payload: { password: PASSWORD, code },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().staff).toMatchObject({ username: 'new.person', role: 'support' });
    const me = await t.app.inject({ method: 'GET', url: opsPaths.me, headers: opsHeaders(sessionOf(done)) });
    expect(me.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: enrolPath(link.enrolUrl) })).json()).toEqual({
      message: 'OPS_ENROL_INVALID',
    });
    // The enrolment's code is taken: the next sign-in needs a new one.
    expect((await opsLogin(t, { username: 'new.person', password: PASSWORD, code })).statusCode).toBe(401);
    const next = await totpCode(secret, new Date(clock), 1);
    expect((await opsLogin(t, { username: 'new.person', password: PASSWORD, code: next })).statusCode).toBe(200);
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(link.staff.id)));
    expect(actions.map((a) => a.action)).toEqual(['staff.create', 'staff.enrol', 'staff.sign-in']);
  });

  it('refuses an expired link, a replaced link and an unknown one with OPS_ENROL_INVALID', async () => {
    const { owner, link } = await newEnrolling('late.person');
    clock += t.ctx.config.OPS_ENROL_HOURS * 3_600_000 + 1000;
    const res = await t.app.inject({ method: 'GET', url: enrolPath(link.enrolUrl) });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: 'OPS_ENROL_INVALID' });

    const fresh = await signedInStaff(t, 'owner');
    const again = await opsCall(t, fresh, 'POST', opsPaths.staffReEnrol.replace(':staffId', String(link.staff.id)), {
      reason: 'link expired',
    });
    expect(again.statusCode).toBe(200);
    const newer = await opsCall(t, fresh, 'POST', opsPaths.staffReEnrol.replace(':staffId', String(link.staff.id)), {
      reason: 'sent to the wrong place',
    });
    expect((await t.app.inject({ method: 'GET', url: enrolPath(again.json().enrolUrl) })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: enrolPath(newer.json().enrolUrl) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: enrolPath('x'.repeat(43)) })).statusCode).toBe(410);
    expect(owner.username).toBeTruthy();
  });
});
