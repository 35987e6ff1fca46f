// The coupons' condition edited from the spin wheel page: a valid change is stored with its audit
// entry and starts the next claimed coupon's condition; a refused value changes nothing.
import { settingsPaths } from '@krapao/contracts/ops/settings';
import { spinWheelPaths } from '@krapao/contracts/ops/spin-wheel';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { checkCoupons, claim, insertCoupon, newKey } from './testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkCoupons(t)).toEqual([]);
  await t.close();
});

const put = (value: unknown, reason = 'ปรับเงื่อนไขคูปอง', s = admin) =>
  opsCall(t, s, 'PUT', settingsPaths.couponRules, { value, reason });
const stored = async () => (await t.db.select().from(settings).where(eq(settings.key, 'couponRules')))[0]?.value;
const audits = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'couponRules')));

describe('the coupon rules on the spin wheel page', () => {
  it('shows the seeded rules, never changed from the console', async () => {
    const page = (await opsCall(t, admin, 'GET', spinWheelPaths.wheel)).json();
    expect(page.couponRules).toEqual({ success: 10, fail: 10 });
    expect(page.couponRulesChange).toBeNull();
  });

  it('refuses a negative, an above-100 and a fractional percentage, a missing one and a missing reason: nothing changes', async () => {
    const before = { value: await stored(), audits: (await audits()).length };
    for (const value of [
      { success: -1, fail: 10 },
      { success: 10, fail: 101 },
      { success: 10.5, fail: 10 },
    ]) {
      const res = await put(value);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message).toBe('KEY_INVALID');
    }
    expect((await put({ success: 10 })).json().message).toBe('KEY_MISSING');
    expect(
      (await opsCall(t, admin, 'PUT', settingsPaths.couponRules, { value: { success: 5, fail: 5 } })).statusCode,
    ).toBe(400);
    expect(await stored()).toEqual(before.value);
    expect(await audits()).toHaveLength(before.audits);
  });

  it('refuses staff without settings.manage', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await put({ success: 50, fail: 50 }, 'ปรับเงื่อนไข', support);
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual({ success: 10, fail: 10 });
  });

  it('stores a change with its audit entry, shows who made it, and the next coupon claim starts that condition', async () => {
    const res = await put({ success: 20, fail: 0 }, 'คูปองเทิร์นยี่สิบ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().couponRules).toEqual({ success: 20, fail: 0 });
    expect(res.json().couponRulesChange).toMatchObject({ staffName: expect.any(String) });
    expect(await stored()).toEqual({ success: 20, fail: 0 });
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: 'setting.change',
      staffId: admin.id,
      reason: 'คูปองเทิร์นยี่สิบ',
      before: { success: 10, fail: 10 },
      after: { success: 20, fail: 0 },
    });

    const m = await signedInMember(t, 100);
    const coupon = await insertCoupon(t, m.memberId, { sliceCode: 'B20', amount: 2000n });
    expect((await claim(t, m, coupon, newKey())).json()).toEqual({ message: 'SUCCESS', amount: 20 });
    const check = (await call(t, m, 'GET', '/api/bonus/check/active')).json();
    // Start 120, target +20 %, no fail line.
    expect(check.progress).toMatchObject({ kind: 'coupon', startCredit: 120, target: 144, percentFail: 0 });
  });
});
