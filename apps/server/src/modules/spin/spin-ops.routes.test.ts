import { ODDS_TOTAL, spinWheelPaths, type TOpsSpinSlice } from '@krapao/contracts/ops/spin-wheel';
import { spinPaths } from '@krapao/contracts/spin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { spinWheels } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { SEED_SLICES } from './seed-spin.ts';
import { activeWheelId, checkCoupons, claim, insertCoupon, setCoins, spin } from './testing.ts';

let t: TestApp;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  expect(await checkCoupons(t)).toEqual([]);
  await t.close();
});

const slice = (code: string, odds: number, baht = 0): TOpsSpinSlice => ({
  code,
  label: baht ? `${baht}฿` : 'ลองใหม่',
  bgColor: '#112233',
  textColor: '#ffeedd',
  odds,
  prizeType: baht ? 'CREDIT' : 'NONE',
  prizeName: baht ? `เครดิต ${baht} บาท` : '',
  prizeAmount: baht,
  htmlDescription: '',
});
const change = (slices: TOpsSpinSlice[], coinPerBaht = 200) => ({ coinPerBaht, slices, reason: 'new season wheel' });
const wheelAudits = () => t.db.select().from(auditLog).where(eq(auditLog.objectType, 'spin_wheel'));

describe('GET /api/ops/spin-wheel', () => {
  it('shows the active wheel: its slices in order with their odds and prizes, and the coin rate', async () => {
    const res = await opsCall(t, owner, 'GET', spinWheelPaths.wheel);
    expect(res.statusCode).toBe(200);
    const { wheel } = res.json();
    expect(wheel.coinPerBaht).toBe(100);
    expect(wheel.slices.map((s: TOpsSpinSlice) => [s.code, s.odds, s.prizeAmount])).toEqual(
      SEED_SLICES.map((s) => [s.code, s.weight, s.baht]),
    );
  });
});

describe('PUT /api/ops/spin-wheel', () => {
  it('refuses odds that do not add up to 100 % and a prize slice paying nothing: nothing changes', async () => {
    const wheelBefore = await activeWheelId(t);
    const auditsBefore = (await wheelAudits()).length;
    const short = await opsCall(t, owner, 'PUT', spinWheelPaths.wheel, change([slice('A', 5000, 5), slice('B', 4999)]));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'ODDS_TOTAL', total: 9999 });
    const over = await opsCall(t, owner, 'PUT', spinWheelPaths.wheel, change([slice('A', 5001, 5), slice('B', 5000)]));
    expect(over.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'ODDS_TOTAL', total: 10_001 });
    const credit0 = { ...slice('A', 5000), prizeType: 'CREDIT' as const };
    const zero = await opsCall(t, owner, 'PUT', spinWheelPaths.wheel, change([credit0, slice('B', 5000)]));
    expect(zero.json()).toMatchObject({ message: 'KEY_INVALID', reason: 'CREDIT_PRIZE' });
    const dup = await opsCall(t, owner, 'PUT', spinWheelPaths.wheel, change([slice('A', 5000, 5), slice('A', 5000)]));
    expect(dup.json()).toMatchObject({ message: 'KEY_INVALID' });

    expect(await activeWheelId(t)).toBe(wheelBefore);
    expect(await wheelAudits()).toHaveLength(auditsBefore);
  });

  it('only staff who manage settings may change the wheel', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await opsCall(t, support, 'PUT', spinWheelPaths.wheel, change([slice('A', 5000, 5), slice('B', 5000)]));
    expect(res.statusCode).toBe(403);
  });

  it('makes the new wheel the one members see and spin, audited; coupons of the old wheel stay claimable', async () => {
    const m = await signedInMember(t, 0);
    const oldWheel = await activeWheelId(t);
    const oldCoupon = await insertCoupon(t, m.memberId, { sliceCode: 'B5', wheelId: oldWheel, amount: 500n });

    const slices = [slice('BIG', 10, 500), slice('MISS', ODDS_TOTAL - 10)];
    const res = await opsCall(t, owner, 'PUT', spinWheelPaths.wheel, change(slices, 250));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wheel).toMatchObject({ coinPerBaht: 250, slices });
    expect(res.json().lastChange).toMatchObject({ staffName: 'Test owner' });

    const newWheel = await activeWheelId(t);
    expect(newWheel).not.toBe(oldWheel);
    const [old] = await t.db.select().from(spinWheels).where(eq(spinWheels.id, oldWheel));
    expect(old!.isActive).toBe(false);

    const [entry] = (await wheelAudits()).slice(-1);
    expect(entry).toMatchObject({ action: 'spin_wheel.change', staffId: owner.id, reason: 'new season wheel' });
    expect((entry!.before as { id: number }).id).toBe(oldWheel);
    expect((entry!.after as { id: number; coinPerBaht: number }).coinPerBaht).toBe(250);

    const setup = (await call(t, m, 'GET', spinPaths.setup)).json();
    expect(setup.result.slices.map((s: { code: string }) => s.code)).toEqual(['BIG', 'MISS']);
    await setCoins(t, m.memberId, 1);
    const spun = await spin(t, m);
    expect(spun.statusCode, spun.body).toBe(200);
    expect(['BIG', 'MISS']).toContain(spun.json().result);

    const claimed = await claim(t, m, oldCoupon);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({ message: 'SUCCESS', amount: 5 });
  });
});
