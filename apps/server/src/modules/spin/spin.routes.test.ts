import { spinPaths } from '@krapao/contracts/spin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinWheels } from '../../db/schema/promotions.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { call, signedInMember } from '../wallet/testing.ts';
import { DEMO_COINS, SEED_SLICES, SEED_WHEEL, seedSpinWheel } from './seed-spin.ts';
import { createSpinService } from './spin.service.ts';
import { activeWheelId, coinsOf, couponsOf, newKey, onlySlice, setCoins, spin, spinsOf } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

async function demoMember() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
  });
  return { token: res.json().token as string };
}

describe('GET /api/spinwheel/active and /setup', () => {
  it('the seeded wheel is active; setup gives its name, the 8 slices in order (no weights or prizes) and the coins', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 4);
    expect((await call(t, m, 'GET', spinPaths.active)).json()).toEqual({ isActive: true });
    const res = await call(t, m, 'GET', spinPaths.setup);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userCoin).toBe(4);
    expect(body.result.name).toBe(SEED_WHEEL.name);
    expect(body.result.slices.map((s: { code: string }) => s.code)).toEqual(SEED_SLICES.map((s) => s.code));
    expect(body.result.slices[0]).toEqual({
      code: 'B5',
      label: '5฿',
      bgColor: SEED_SLICES[0]!.bgColor,
      textColor: SEED_SLICES[0]!.textColor,
      htmlDescription: expect.stringContaining('5'),
    });
    expect(body.result.slices.filter((s: { label: string }) => s.label === 'ลองใหม่')).toHaveLength(2);
  });

  it('the demo member starts with 3 coins, and seeding again neither adds a wheel nor coins', async () => {
    const demo = await demoMember();
    const setup = await t.app.inject({ method: 'GET', url: spinPaths.setup, headers: headers(demo.token) });
    expect(setup.json().userCoin).toBe(DEMO_COINS);
    await seedSpinWheel(t.db, t.ctx.config);
    await seedSpinWheel(t.db, t.ctx.config);
    expect(await t.db.select().from(spinWheels)).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: spinPaths.setup, headers: headers(demo.token) });
    expect(again.json().userCoin).toBe(DEMO_COINS);
  });

  it('with no active wheel: isActive false, result null with the coins, and a spin is refused with the coin kept', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 2);
    const wheelId = await activeWheelId(t);
    await t.db.update(spinWheels).set({ isActive: false }).where(eq(spinWheels.id, wheelId));
    try {
      expect((await call(t, m, 'GET', spinPaths.active)).json()).toEqual({ isActive: false });
      expect((await call(t, m, 'GET', spinPaths.setup)).json()).toEqual({ result: null, userCoin: 2 });
      const res = await spin(t, m, newKey());
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('NO_DATA');
      expect(await coinsOf(t, m.memberId)).toBe(2);
      expect(await spinsOf(t, m.memberId)).toEqual([]);
    } finally {
      await t.db.update(spinWheels).set({ isActive: true }).where(eq(spinWheels.id, wheelId));
    }
  });

  it('every spin call needs a session', async () => {
    for (const [method, url] of [
      ['GET', spinPaths.active],
      ['GET', spinPaths.setup],
      ['POST', spinPaths.spin],
      ['GET', spinPaths.coupon],
      ['POST', spinPaths.claim],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: headers(), payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
  });
});

describe('POST /api/spinwheel/spin', () => {
  it('a CREDIT slice: one coin spent, the spin recorded, an OPEN coupon for the prize expiring after couponHours', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 2);
    const restore = await onlySlice(t, 'B10');
    try {
      const res = await spin(t, m, newKey());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        result: 'B10',
        label: '10฿',
        remainingCoin: 1,
        coupon: expect.any(String),
      });
      expect(await coinsOf(t, m.memberId)).toBe(1);
      expect(await spinsOf(t, m.memberId)).toMatchObject([{ sliceCode: 'B10' }]);
      const [coupon] = await couponsOf(t, m.memberId);
      expect(coupon).toMatchObject({
        id: body.coupon,
        status: 'OPEN',
        amount: 1000n,
        currency: 'BAHT',
        sliceCode: 'B10',
      });
      expect(coupon!.prizeName).toContain('10');
      expect(coupon!.expiresAt.getTime() - coupon!.createdAt.getTime()).toBe(SEED_WHEEL.couponHours * 3_600_000);
    } finally {
      await restore();
    }
  });

  it('a NONE slice: the coin is spent and the spin recorded, no coupon', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 1);
    const restore = await onlySlice(t, 'TRY2');
    try {
      const res = await spin(t, m, undefined, {});
      expect(res.json()).toEqual({ success: true, result: 'TRY2', label: 'ลองใหม่', remainingCoin: 0, coupon: null });
      expect(await spinsOf(t, m.memberId)).toHaveLength(1);
      expect(await couponsOf(t, m.memberId)).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('with 0 coins the spin is refused and nothing is recorded', async () => {
    const m = await signedInMember(t, 0);
    const res = await spin(t, m, newKey());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID', reason: 'no-coin' });
    expect(await coinsOf(t, m.memberId)).toBe(0);
    expect(await spinsOf(t, m.memberId)).toEqual([]);
    expect(await couponsOf(t, m.memberId)).toEqual([]);
  });

  it('the same Idempotency-Key replays the first answer: one coin, one spin', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 3);
    const key = newKey();
    const first = await spin(t, m, key);
    const again = await spin(t, m, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await coinsOf(t, m.memberId)).toBe(2);
    expect(await spinsOf(t, m.memberId)).toHaveLength(1);
  });

  it('a body with anything in it is refused before a coin is spent', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 1);
    const res = await spin(t, m, newKey(), { slice: 'B200' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_INVALID');
    expect(await coinsOf(t, m.memberId)).toBe(1);
    expect(await spinsOf(t, m.memberId)).toEqual([]);
  });

  it('the service draws with the random source it is given: each number lands on its slice', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 3);
    // Cumulative weights of the seeded order: B5 [0,2000), TRY1 [2000,5100), B10 [5100,6200) … B200 [9950,10000).
    const at = (r: number) => createSpinService(t.ctx, { random: () => r }).spin(m.memberId);
    expect((await at(0)).result).toBe('B5');
    expect((await at(5100)).result).toBe('B10');
    const last = await at(9999);
    expect(last).toMatchObject({ result: 'B200', remainingCoin: 0, coupon: expect.any(String) });
    const amounts = (await couponsOf(t, m.memberId)).map((c) => c.amount);
    expect(amounts).toHaveLength(3);
    expect(amounts).toEqual(expect.arrayContaining([500n, 1000n, 20_000n]));
  });
});
