// The console's cashback settings over HTTP: changed with a reason (audited as setting.change),
// refusals change nothing, and GET /api/refund/check serves the change at once.
import { promotionRulesPaths, type TOpsRefundRules } from '@krapao/contracts/ops/promotions';
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
  admin = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const stored = async () => (await t.db.select().from(settings).where(eq(settings.key, 'refundRules')))[0]?.value;
const audits = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'refundRules')));
const rules: TOpsRefundRules = {
  isActive: true,
  percent: 7.5,
  success: 12,
  fail: 8,
  minimum: 5,
  period: 'week',
  info: '<p>Weekly cashback</p>',
};
const change = (s: SignedInStaff, body: object) => opsCall(t, s, 'POST', promotionRulesPaths.refund, body);

describe('cashback settings', () => {
  it('changes refundRules with a reason: audited before/after; the member check serves it', async () => {
    const before = await stored();
    const res = await change(admin, { value: rules, reason: 'weekly cashback' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundRules: rules, changes: { refundRules: { staffName: 'Test owner' } } });
    expect(await stored()).toEqual(rules);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: 'setting.change',
      staffId: admin.id,
      reason: 'weekly cashback',
      after: rules,
    });
    expect(entry!.before).toEqual(before);

    const m = await signedInMember(t, 0);
    const check = (await call(t, m, 'GET', '/api/refund/check')).json();
    expect(check).toMatchObject({ refundSuccess: 12, refundFail: 8, info: '<p>Weekly cashback</p>' });
    expect((await opsCall(t, admin, 'GET', promotionRulesPaths.refund)).json().refundRules).toEqual(rules);
  });

  it.each([
    ['a percentage above 100', { value: { ...rules, percent: 100.5 }, reason: 'typo here' }],
    ['a negative percentage', { value: { ...rules, percent: -2 }, reason: 'typo here' }],
    ['a month period', { value: { ...rules, period: 'month' }, reason: 'typo here' }],
    ['a negative minimum', { value: { ...rules, minimum: -1 }, reason: 'typo here' }],
    ['a short reason', { value: rules, reason: 'x' }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const [value, count] = [await stored(), (await audits()).length];
    const res = await change(admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_INVALID');
    expect(await stored()).toEqual(value);
    expect((await audits()).length).toBe(count);
  });

  it('is refused to finance (settings.manage)', async () => {
    const finance = await signedInStaff(t, 'finance');
    expect((await opsCall(t, finance, 'GET', promotionRulesPaths.refund)).json().message).toBe('OPS_FORBIDDEN');
    const res = await change(finance, { value: { ...rules, percent: 50 }, reason: 'not mine' });
    expect(res.json().message).toBe('OPS_FORBIDDEN');
    expect((await stored()) as TOpsRefundRules).not.toMatchObject({ percent: 50 });
  });
});
