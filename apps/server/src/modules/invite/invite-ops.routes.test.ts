// The console's invite settings over HTTP: read with who changed them, each changed with a reason
// (audited as setting.change), refusals change nothing, and members see the change at once.
import { promotionRulesPaths, type TOpsInviteRules } from '@krapao/contracts/ops/promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, signedInMember } from '../wallet/testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

const stored = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;
const auditOf = (key: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, key)));
const rules: TOpsInviteRules = { isActive: false, sharePercent: 2.5, minimumClaim: 20, requireInviteePlay: true };
const change = (s: SignedInStaff, body: object) => opsCall(t, s, 'POST', promotionRulesPaths.invite, body);

describe('invite settings', () => {
  it('changes inviteRules with a reason: audited, shown as changed by the staff member, claims then refused', async () => {
    const before = await stored('inviteRules');
    const res = await change(admin, { key: 'inviteRules', value: rules, reason: 'pause invites' });
    expect(res.statusCode).toBe(200);
    expect(res.json().inviteRules).toEqual(rules);
    expect(res.json().changes.inviteRules).toMatchObject({ staffName: 'Test admin' });
    expect(await stored('inviteRules')).toEqual(rules);
    const [entry] = await auditOf('inviteRules');
    expect(entry).toMatchObject({ action: 'setting.change', staffId: admin.id, reason: 'pause invites', after: rules });
    expect(entry!.before).toEqual(before);

    const m = await signedInMember(t, 0);
    expect((await call(t, m, 'GET', '/api/invite/bonus')).json()).toEqual({ message: 'INVITE_INACTIVE' });
  });

  it('changes the claim condition percentages; GET /api/wallet serves them', async () => {
    const res = await change(admin, { key: 'invite', value: { success: 25, fail: 5 }, reason: 'harder claims' });
    expect(res.json().invite).toEqual({ success: 25, fail: 5 });
    const m = await signedInMember(t, 0);
    expect((await call(t, m, 'GET', '/api/wallet')).json().invite).toMatchObject({ success: 25, fail: 5 });
    const read = await opsCall(t, admin, 'GET', promotionRulesPaths.invite);
    expect(read.json()).toMatchObject({
      invite: { success: 25, fail: 5 },
      changes: { invite: { staffName: 'Test admin' } },
    });
  });

  it.each([
    ['a share above 100 %', { key: 'inviteRules', value: { ...rules, sharePercent: 101 }, reason: 'typo here' }],
    ['a negative share', { key: 'inviteRules', value: { ...rules, sharePercent: -1 }, reason: 'typo here' }],
    ['three decimals', { key: 'inviteRules', value: { ...rules, sharePercent: 1.125 }, reason: 'typo here' }],
    ['a fail of 100 %', { key: 'invite', value: { success: 10, fail: 100 }, reason: 'typo here' }],
    ['an unknown field', { key: 'invite', value: { success: 10, fail: 5, extra: 1 }, reason: 'typo here' }],
    ['an unknown setting', { key: 'withdrawRules', value: {}, reason: 'typo here' }],
    ['no reason', { key: 'invite', value: { success: 10, fail: 5 } }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const keys = ['inviteRules', 'invite', 'withdrawRules'];
    const values = await Promise.all(keys.map(stored));
    const audits = await Promise.all(keys.map(async (k) => (await auditOf(k)).length));
    const res = await change(admin, body);
    expect(res.statusCode).toBe(400);
    expect(['KEY_INVALID', 'KEY_MISSING']).toContain(res.json().message);
    expect(await Promise.all(keys.map(stored))).toEqual(values);
    expect(await Promise.all(keys.map(async (k) => (await auditOf(k)).length))).toEqual(audits);
  });

  it('is refused to finance and support (settings.manage)', async () => {
    for (const role of ['finance', 'support'] as const) {
      const s = await signedInStaff(t, role);
      expect((await opsCall(t, s, 'GET', promotionRulesPaths.invite)).json().message).toBe('OPS_FORBIDDEN');
      const res = await change(s, { key: 'invite', value: { success: 1, fail: 1 }, reason: 'not mine' });
      expect(res.json().message).toBe('OPS_FORBIDDEN');
    }
    expect(await stored('invite')).not.toEqual({ success: 1, fail: 1 });
  });
});
