// The console's promotions page over HTTP: bonuses listed, created and changed, promotion codes
// created and switched off; every refusal changes nothing; every change is audited with the row
// before and after; the member's bonus list and promotion lookup serve what staff set.
import { promotionsPaths, type TOpsBonusCreate, type TOpsPromotionCodeCreate } from '@krapao/contracts/ops/promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { bonuses, promotions } from '../../db/schema/promotions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { signedInMember } from '../wallet/testing.ts';
import { bonusList, findPromotion } from './testing.ts';

let t: TestApp;
let admin: SignedInStaff;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now() % 100_000}${++n}`;

const newBonus = (over: Partial<TOpsBonusCreate> = {}): TOpsBonusCreate => ({
  code: uniqueCode('OPSB'),
  name: 'Night bonus 50%',
  type: 'day',
  maxReceived: 1,
  percent: 50,
  maxBonus: 250.5,
  minDeposit: 100,
  turnover: 4,
  percentFail: 15,
  banners: [{ image: '/banners/night.svg', html: '<p>Night</p>' }],
  currency: 'BAHT',
  isActive: true,
  sortOrder: 9,
  reason: 'night campaign',
  ...over,
});

const auditOf = (objectType: string, objectId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)));
const bonusRow = async (code: string) => (await t.db.select().from(bonuses).where(eq(bonuses.code, code)))[0];

describe('bonuses', () => {
  it('creates a bonus, audited, and the member list serves it', async () => {
    const body = newBonus();
    const res = await opsCall(t, admin, 'POST', promotionsPaths.bonuses, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: body.code, percent: 50, maxBonus: 250.5, isActive: true });
    expect((await bonusRow(body.code))!.maxBonus).toBe(25_050n);

    const [entry, ...more] = await auditOf('bonus', body.code);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'bonus.create', staffId: admin.id, reason: 'night campaign', before: null });
    expect(entry!.after).toMatchObject({ code: body.code, maxBonus: 250.5 });

    const list = await opsCall(t, admin, 'GET', promotionsPaths.bonuses);
    expect(list.json().items.map((b: { code: string }) => b.code)).toContain(body.code);
    const m = await signedInMember(t, 0);
    const served = (await bonusList(t, m)).find((b: { code: string }) => b.code === body.code);
    expect(served).toMatchObject({ type: 'day', percent: 50, maxBonus: 250.5, minDeposit: 100, turnover: 4 });
  });

  it('edits a bonus: before and after audited; switched off it leaves the member list', async () => {
    const body = newBonus();
    await opsCall(t, admin, 'POST', promotionsPaths.bonuses, body);
    const { code, currency: _c, ...rules } = body;
    const url = promotionsPaths.bonus.replace(':code', code);
    const res = await opsCall(t, admin, 'POST', url, { ...rules, percent: 30, maxBonus: 99, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(await bonusRow(code)).toMatchObject({ percent: 30, maxBonus: 9900n, isActive: false });
    const update = (await auditOf('bonus', code)).find((a) => a.action === 'bonus.update');
    expect(update?.before).toMatchObject({ percent: 50, maxBonus: 250.5, isActive: true });
    expect(update?.after).toMatchObject({ percent: 30, maxBonus: 99, isActive: false });
    const m = await signedInMember(t, 0);
    expect((await bonusList(t, m)).map((b: { code: string }) => b.code)).not.toContain(code);
  });

  it.each([
    ['a negative percentage', { percent: -5 }],
    ['a percentage above 100', { percent: 101 }],
    ['a maximum of 0', { maxBonus: 0 }],
    ['a negative maximum', { maxBonus: -10 }],
    ['no turnover', { turnover: 0 }],
    ['an unknown type', { type: 'month' }],
    ['a banner that is no URL', { banners: [{ image: 'javascript:alert(1)', html: '' }] }],
    ['half a kip', { currency: 'LAK', maxBonus: 10.5 }],
  ])('refuses %s with KEY_INVALID and changes nothing', async (_label, over) => {
    const body = newBonus(over as Partial<TOpsBonusCreate>);
    const res = await opsCall(t, admin, 'POST', promotionsPaths.bonuses, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_INVALID');
    expect(await bonusRow(body.code)).toBeUndefined();
    expect(await auditOf('bonus', body.code)).toEqual([]);
  });

  it('refuses an invalid edit and leaves the bonus as it was', async () => {
    const body = newBonus();
    await opsCall(t, admin, 'POST', promotionsPaths.bonuses, body);
    const { code, currency: _c, ...rules } = body;
    const res = await opsCall(t, admin, 'POST', promotionsPaths.bonus.replace(':code', code), {
      ...rules,
      percent: 150,
    });
    expect(res.json().message).toBe('KEY_INVALID');
    expect(await bonusRow(code)).toMatchObject({ percent: 50 });
    expect((await auditOf('bonus', code)).map((a) => a.action)).toEqual(['bonus.create']);
  });

  it('refuses a code in use (OPS_CODE_TAKEN) and an unknown code to edit (NO_DATA)', async () => {
    const taken = await opsCall(t, admin, 'POST', promotionsPaths.bonuses, newBonus({ code: 'WELCOME', percent: 1 }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('OPS_CODE_TAKEN');
    expect(await bonusRow('WELCOME')).toMatchObject({ percent: 100 });
    const { code: _code, currency: _c, ...rules } = newBonus();
    const missing = await opsCall(t, admin, 'POST', promotionsPaths.bonus.replace(':code', 'NOPE'), rules);
    expect(missing.json().message).toBe('NO_DATA');
  });
});

const newCode = (over: Partial<TOpsPromotionCodeCreate> = {}): TOpsPromotionCodeCreate => ({
  code: uniqueCode('OPSP'),
  description: 'Free credit 50',
  amount: 50,
  turnover: 2,
  percentFail: 20,
  maxUses: 10,
  currency: 'BAHT',
  startsAt: null,
  endsAt: null,
  reason: 'flyer',
  ...over,
});
const codeRow = async (code: string) => (await t.db.select().from(promotions).where(eq(promotions.code, code)))[0];

describe('promotion codes', () => {
  it('creates a code the member can then find; disabling it hides it; both audited', async () => {
    const body = newCode({ code: `  ${uniqueCode('opsp').toLowerCase()} ` });
    const res = await opsCall(t, admin, 'POST', promotionsPaths.codes, body);
    expect(res.statusCode).toBe(200);
    const code = res.json().code as string;
    expect(code).toBe(body.code.trim().toUpperCase());
    expect(await codeRow(code)).toMatchObject({ amount: 5000n, maxUses: 10, isActive: true });
    const m = await signedInMember(t, 0);
    expect((await findPromotion(t, m, code)).json()).toMatchObject({ code, amount: 50, turnover: 2 });

    const list = (await opsCall(t, admin, 'GET', promotionsPaths.codes)).json().items;
    expect(list.find((p: { code: string }) => p.code === code)).toMatchObject({ uses: 0, maxUses: 10 });

    const off = await opsCall(t, admin, 'POST', promotionsPaths.disableCode.replace(':code', code), {
      reason: 'campaign over',
    });
    expect(off.json()).toMatchObject({ code, isActive: false });
    expect((await codeRow(code))!.isActive).toBe(false);
    expect((await findPromotion(t, m, code)).json()).toBeNull();
    const audit = await auditOf('promotion', code);
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.disable']);
    expect(audit[1]).toMatchObject({ reason: 'campaign over', before: { isActive: true }, after: { isActive: false } });
  });

  it.each([
    ['an end before the start', { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }],
    ['fewer than one use', { maxUses: 0 }],
    ['no amount', { amount: 0 }],
    ['a code with spaces', { code: 'TWO WORDS' }],
  ])('refuses %s with KEY_INVALID and changes nothing', async (_label, over) => {
    const body = newCode(over as Partial<TOpsPromotionCodeCreate>);
    const res = await opsCall(t, admin, 'POST', promotionsPaths.codes, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_INVALID');
    expect(await codeRow(body.code.trim().toUpperCase())).toBeUndefined();
  });

  it('refuses a duplicate code (OPS_CODE_TAKEN) and leaves the first as it was', async () => {
    const res = await opsCall(t, admin, 'POST', promotionsPaths.codes, newCode({ code: 'KRAPAO100', amount: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('OPS_CODE_TAKEN');
    expect((await codeRow('KRAPAO100'))!.amount).toBe(10_000n);
    expect(await auditOf('promotion', 'KRAPAO100')).toEqual([]);
  });

  it('disabling needs a reason and a known code', async () => {
    const none = await opsCall(t, admin, 'POST', promotionsPaths.disableCode.replace(':code', 'KRAPAO100'), {});
    expect(none.json().message).toBe('KEY_MISSING');
    expect((await codeRow('KRAPAO100'))!.isActive).toBe(true);
    const unknown = await opsCall(t, admin, 'POST', promotionsPaths.disableCode.replace(':code', 'NOPE'), {
      reason: 'not there',
    });
    expect(unknown.json().message).toBe('NO_DATA');
  });
});

describe('permission settings.manage', () => {
  it('refuses finance on every call and changes nothing', async () => {
    const body = newBonus();
    const calls = [
      await opsCall(t, finance, 'GET', promotionsPaths.bonuses),
      await opsCall(t, finance, 'POST', promotionsPaths.bonuses, body),
      await opsCall(t, finance, 'POST', promotionsPaths.bonus.replace(':code', 'WELCOME'), body),
      await opsCall(t, finance, 'GET', promotionsPaths.codes),
      await opsCall(t, finance, 'POST', promotionsPaths.codes, newCode()),
      await opsCall(t, finance, 'POST', promotionsPaths.disableCode.replace(':code', 'KRAPAO100'), {
        reason: 'no way',
      }),
    ];
    for (const res of calls) expect(res.json().message).toBe('OPS_FORBIDDEN');
    expect(await bonusRow(body.code)).toBeUndefined();
    expect((await codeRow('KRAPAO100'))!.isActive).toBe(true);
  });
});
