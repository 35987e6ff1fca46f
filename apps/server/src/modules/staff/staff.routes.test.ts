// Managing staff: who may touch whom, the rules that keep an owner in charge, sessions that end
// with the credentials, and an audit entry for every change.
import { opsPaths } from '@krapao/contracts/ops/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/index.ts';
import { createStaff, opsCall, signedInStaff, signIn } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (template: string, id: number) => template.replace(':staffId', String(id));
const meOk = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: opsPaths.me, headers })).statusCode === 200;

describe('staff management', () => {
  it('lists staff without secrets', async () => {
    const owner = await signedInStaff(t, 'owner');
    const res = await opsCall(t, owner, 'GET', opsPaths.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((s: { username: string }) => s.username)).toContain(owner.username);
    expect(res.body).not.toMatch(/password|secret|totp/i);
  });

  it('lets only owners create or promote owners and admins; an admin manages finance and support', async () => {
    const admin = await signedInStaff(t, 'admin');
    const owner = await signedInStaff(t, 'owner');
    const create = (who: typeof admin, username: string, role: string) =>
      opsCall(t, who, 'POST', opsPaths.staff, { username, displayName: 'X', role });
    expect((await create(admin, 'adm-made-admin', 'admin')).json()).toEqual({ message: 'OPS_FORBIDDEN' });
    expect((await create(admin, 'adm-made-owner', 'owner')).json()).toEqual({ message: 'OPS_FORBIDDEN' });
    expect((await create(admin, 'adm-made-finance', 'finance')).statusCode).toBe(200);
    expect((await create(admin, 'adm-made-finance', 'finance')).json()).toEqual({ message: 'OPS_STAFF_EXISTS' });
    expect((await create(owner, 'own-made-admin', 'admin')).statusCode).toBe(200);

    const finance = await createStaff(t, 'finance');
    const role = (who: typeof admin, id: number, r: string) =>
      opsCall(t, who, 'POST', path(opsPaths.staffRole, id), { role: r, reason: 'new duties' });
    expect((await role(admin, finance.id, 'admin')).json()).toEqual({ message: 'OPS_FORBIDDEN' });
    expect((await role(admin, finance.id, 'support')).json()).toMatchObject({ role: 'support' });
    const otherAdmin = await createStaff(t, 'admin');
    expect((await role(admin, otherAdmin.id, 'support')).json()).toEqual({ message: 'OPS_FORBIDDEN' });
    expect((await role(owner, finance.id, 'admin')).json()).toMatchObject({ role: 'admin' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, String(finance.id)), eq(auditLog.action, 'staff.role')))
      .orderBy(auditLog.seq);
    expect(entry).toMatchObject({ actor: 'staff', staffId: admin.id, reason: 'new duties' });
    expect(entry?.before).toMatchObject({ role: 'finance' });
    expect(entry?.after).toMatchObject({ role: 'support' });
    expect(entry?.requestId).toBeTruthy();
  });

  it('refuses to disable, demote or re-enrol oneself', async () => {
    const owner = await signedInStaff(t, 'owner');
    for (const [url, body] of [
      [opsPaths.staffDisable, { reason: 'leaving' }],
      [opsPaths.staffRole, { role: 'support', reason: 'step down' }],
      [opsPaths.staffReEnrol, { reason: 'new phone' }],
    ] as const) {
      expect((await opsCall(t, owner, 'POST', path(url, owner.id), body)).json()).toEqual({ message: 'OPS_FORBIDDEN' });
    }
  });

  it('keeps one active owner when two owners disable each other at once', async () => {
    // Only owners created here are active: the seeded ones step aside first.
    await t.db.update(staff).set({ status: 'disabled' }).where(eq(staff.role, 'owner'));
    const a = await signedInStaff(t, 'owner');
    const b = await signedInStaff(t, 'owner');
    const [ab, ba] = await Promise.all([
      opsCall(t, a, 'POST', path(opsPaths.staffDisable, b.id), { reason: 'coup' }),
      opsCall(t, b, 'POST', path(opsPaths.staffDisable, a.id), { reason: 'counter-coup' }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 401]);
    const owners = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.role, 'owner'), eq(staff.status, 'active')));
    expect(owners).toHaveLength(1);
    // An admin may not touch the last owner either.
    const admin = await signedInStaff(t, 'admin');
    const last = owners[0]!.id;
    expect((await opsCall(t, admin, 'POST', path(opsPaths.staffDisable, last), { reason: 'coup' })).statusCode).toBe(
      403,
    );
    expect(
      (await opsCall(t, admin, 'POST', path(opsPaths.staffRole, last), { role: 'support', reason: 'coup' })).statusCode,
    ).toBe(403);
  });

  it('disabling and re-enrolling end the sessions of the staff member at once', async () => {
    const owner = await signedInStaff(t, 'owner');
    const s = await signedInStaff(t, 'support');
    expect(await meOk(s.headers)).toBe(true);
    expect(
      (await opsCall(t, owner, 'POST', path(opsPaths.staffDisable, s.id), { reason: 'left' })).json(),
    ).toMatchObject({
      status: 'disabled',
    });
    expect(await meOk(s.headers)).toBe(false);
    const enabled = await opsCall(t, owner, 'POST', path(opsPaths.staffEnable, s.id), { reason: 'back' });
    expect(enabled.json()).toMatchObject({ status: 'active' });
    // The old session stays dead; the password still works.
    expect(await meOk(s.headers)).toBe(false);
    const again = await signIn(t, s, { stepOffset: 1 });
    expect(await meOk(again.headers)).toBe(true);

    const re = await opsCall(t, owner, 'POST', path(opsPaths.staffReEnrol, s.id), { reason: 'lost phone' });
    expect(re.json()).toMatchObject({ staff: { status: 'enrolling' } });
    expect(await meOk(again.headers)).toBe(false);
    await expect(signIn(t, s, { stepOffset: 1 })).rejects.toThrow(/OPS_LOGIN_FAIL/);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, String(s.id)));
    expect(actions.map((a) => a.action)).toEqual([
      'staff.sign-in',
      'staff.disable',
      'staff.enable',
      'staff.sign-in',
      'staff.re-enrol',
    ]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ broken: null });
  });

  it('answers NO_DATA for a staff member that does not exist', async () => {
    const owner = await signedInStaff(t, 'owner');
    const res = await opsCall(t, owner, 'POST', path(opsPaths.staffDisable, 999_999), { reason: 'nobody' });
    expect(res.statusCode).toBe(404);
  });
});
