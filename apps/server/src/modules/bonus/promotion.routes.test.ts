// Promotion codes over HTTP (docs/product.md §4.1): find, activate once per member under a
// condition, the current promotion, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, signedInMember } from '../wallet/testing.ts';
import {
  activateBonus,
  activatePromotion,
  checkActive,
  clearBonus,
  conditionsOf,
  findPromotion,
  key,
  statement,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const day = 86_400_000;
  await t.db.insert(promotions).values([
    { code: 'ONEONLY', description: 'One member only', amount: 50_00n, turnover: 2, percentFail: 20, maxUses: 1 },
    {
      code: 'OLD',
      description: 'Ended',
      amount: 50_00n,
      turnover: 2,
      percentFail: 20,
      endsAt: new Date(Date.now() - day),
    },
    {
      code: 'SOON',
      description: 'Not yet',
      amount: 50_00n,
      turnover: 2,
      percentFail: 20,
      startsAt: new Date(Date.now() + day),
    },
    { code: 'OFF', description: 'Switched off', amount: 50_00n, turnover: 2, percentFail: 20, isActive: false },
    { code: 'KIP', description: 'Laos only', amount: 50_000n, turnover: 2, percentFail: 20, currency: 'LAK' },
  ]);
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const KRAPAO100 = { code: 'KRAPAO100', percentFail: 20, amount: 100, turnover: 2 };

describe('GET /api/promotion/find/:code', () => {
  it('answers the promotion, upper-casing the code', async () => {
    const m = await signedInMember(t, 0);
    for (const code of ['KRAPAO100', 'krapao100']) {
      const res = await findPromotion(t, m, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(KRAPAO100);
      expect(res.json().description).toContain('100');
    }
  });

  it('answers null for unknown, ended, not yet started, switched-off and other-currency codes', async () => {
    const m = await signedInMember(t, 0);
    for (const code of ['NOPE', 'OLD', 'SOON', 'OFF', 'KIP']) {
      const res = await findPromotion(t, m, code);
      expect([code, res.statusCode, res.body]).toEqual([code, 200, 'null']);
    }
  });
});

describe('GET /api/promotion/activate/:code', () => {
  it('credits the amount under its condition: start = total after the credit', async () => {
    const m = await signedInMember(t, 50);
    const res = await activatePromotion(t, m, 'krapao100', key('promo'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'KRAPAO100',
      kind: 'promotion',
      isActive: true,
      amount: 100,
      startCredit: 150,
      target: 300,
      failBelow: 30,
    });
    expect((await balances(t, m)).wallet).toBe(150);
    expect(await checkActive(t, m)).toMatchObject({ status: true, type: 'promotion' });
    expect((await statement(t, m)).statements[0]).toMatchObject({
      statementType: 'bonus',
      from: 'KRAPAO100',
      amount: 100,
      promotion: { description: expect.stringContaining('100') },
    });
    const current = await call(t, m, 'GET', '/api/promotion/current');
    expect(current.json()).toMatchObject(KRAPAO100);
  });

  it('once per member: PROMOTION_RECEIVED, also after the condition ended', async () => {
    const m = await signedInMember(t, 0);
    expect((await activatePromotion(t, m, 'KRAPAO100')).statusCode).toBe(200);
    expect((await activatePromotion(t, m, 'KRAPAO100')).json()).toEqual({ message: 'PROMOTION_RECEIVED' });
    expect((await clearBonus(t, m)).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 100 });
    expect((await call(t, m, 'GET', '/api/promotion/current')).body).toBe('null');
    const again = await activatePromotion(t, m, 'KRAPAO100');
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'PROMOTION_RECEIVED' }]);
    expect((await balances(t, m)).wallet).toBe(0);
  });

  it('BONUS_FULL once maxUses members used it', async () => {
    const a = await signedInMember(t, 0);
    const b = await signedInMember(t, 0);
    expect((await activatePromotion(t, a, 'ONEONLY')).json()).toMatchObject({ amount: 50 });
    const res = await activatePromotion(t, b, 'ONEONLY');
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'BONUS_FULL' }]);
    expect(await conditionsOf(t, b.memberId)).toEqual([]);
  });

  it('NO_PROMOTION for unknown, ended, switched-off and other-currency codes', async () => {
    const m = await signedInMember(t, 0);
    for (const code of ['NOPE', 'OLD', 'SOON', 'OFF', 'KIP']) {
      const res = await activatePromotion(t, m, code);
      expect([code, res.statusCode, res.json()]).toEqual([code, 404, { message: 'NO_PROMOTION' }]);
    }
  });

  it('BONUS_ALREADY_ACTIVE under another condition, and no use is recorded', async () => {
    const m = await signedInMember(t, 300);
    expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
    const res = await activatePromotion(t, m, 'KRAPAO100');
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'BONUS_ALREADY_ACTIVE' }]);
    expect((await call(t, m, 'GET', '/api/promotion/current')).body).toBe('null');
    await clearBonus(t, m);
    expect((await activatePromotion(t, m, 'KRAPAO100')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/promotion/find/KRAPAO100' });
    expect(res.statusCode).toBe(401);
  });
});
