// The console's games page: list, on / maintenance / off, order and featured; each change audited in
// its transaction and seen at once by the member API (this instance's cache cleared); a refused
// change changes nothing. A game under maintenance takes no money in, and gives its balance back.
import { gamesPath, gamesPaths, type TOpsGame } from '@krapao/contracts/ops/games';
import type { TSlot } from '@krapao/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema/games.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, call, type Member, signedInMember } from '../wallet/testing.ts';
import { activate } from './testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

let keys = 0;
const key = () => `games-ops-${Date.now()}-${++keys}`;
const update = (code: string, body: object, s: SignedInStaff = admin) =>
  opsCall(t, s, 'POST', gamesPath.update(code), body);
const transfer = (m: Member, body: object) => call(t, m, 'POST', '/api/wallet/transfer', body, key());
const memberSlots = async (m: Member): Promise<TSlot[]> => (await call(t, m, 'GET', '/api/wallet')).json().slots;
const auditOf = (code: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'game'), eq(auditLog.objectId, code)));
const rowOf = async (code: string) => (await t.db.select().from(games).where(eq(games.code, code)))[0]!;
const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

describe('the games page', () => {
  it('lists every game with its state, order and featured flag', async () => {
    const res = await opsCall(t, admin, 'GET', gamesPaths.list);
    expect(res.statusCode).toBe(200);
    const items: TOpsGame[] = res.json().items;
    expect(items.find((g) => g.code === 'PG')).toMatchObject({
      state: 'on',
      maintenanceMessage: null,
      isFeatured: false,
    });
    const orders = items.map((g) => g.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('is refused to staff without settings.manage', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await opsCall(t, support, 'GET', gamesPaths.list)).json().message).toBe('OPS_FORBIDDEN');
    const res = await update('PG', { state: 'off', reason: 'provider down' }, support);
    expect(res.statusCode).toBe(403);
    expect((await rowOf('PG')).isEnabled).toBe(true);
  });

  it('puts a game under maintenance: no money in, its balance may come back out', async () => {
    const m = await signedInMember(t, 1000);
    await activate(t, m.token, 'BETFLIX');
    expect((await transfer(m, { from: 'WALLET', to: 'BETFLIX', amount: 300 })).statusCode).toBe(200);

    const res = await update('BETFLIX', {
      state: 'maintenance',
      maintenanceMessage: 'ปิดปรับปรุงถึง 14:00',
      reason: 'provider upgrade',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'maintenance', maintenanceMessage: 'ปิดปรับปรุงถึง 14:00' });
    const [entry] = await auditOf('BETFLIX');
    expect(entry).toMatchObject({ action: 'game.update', staffId: admin.id, reason: 'provider upgrade' });
    expect(entry!.before).toMatchObject({ state: 'on', maintenanceMessage: null });
    expect(entry!.after).toMatchObject({ state: 'maintenance', maintenanceMessage: 'ปิดปรับปรุงถึง 14:00' });

    const slot = (await memberSlots(m)).find((s) => s.code === 'BETFLIX');
    expect(slot).toMatchObject({ maintenanceMessage: 'ปิดปรับปรุงถึง 14:00', amount: 300 });
    expect((await memberSlots(m)).find((s) => s.code === 'PG')).not.toHaveProperty('maintenanceMessage');

    const into = await transfer(m, { from: 'WALLET', to: 'BETFLIX', amount: 100 });
    expect(into.statusCode).toBe(409);
    expect(into.json().message).toBe('GAME_MAINTENANCE');
    const all = await call(t, m, 'POST', '/api/wallet/transferAll', { to: 'BETFLIX' }, key());
    expect(all.json().message).toBe('GAME_MAINTENANCE');
    expect(await balances(t, m)).toMatchObject({ wallet: 700, slots: { BETFLIX: 300 } });

    const out = await transfer(m, { from: 'BETFLIX', to: 'WALLET', amount: 300 });
    expect(out.json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 1000, slots: { BETFLIX: 0 } });

    const on = await update('BETFLIX', { state: 'on' });
    expect(on.json()).toMatchObject({ state: 'on', maintenanceMessage: null });
    expect((await memberSlots(m)).find((s) => s.code === 'BETFLIX')).not.toHaveProperty('maintenanceMessage');
    expect((await transfer(m, { from: 'WALLET', to: 'BETFLIX', amount: 50 })).json().status).toBe('SUCCESS');
  });

  it('turns a game off: gone from the member list, no account opens', async () => {
    const m = await signedInMember(t, 10);
    expect((await update('SEXYGAME', { state: 'off', reason: 'contract ended' })).json().state).toBe('off');
    expect((await memberSlots(m)).map((s) => s.code)).not.toContain('SEXYGAME');
    const res = await call(t, m, 'GET', '/api/wallet/activate/SEXYGAME');
    expect(res.json().message).toBe('NO_GAME');
    const [entry] = await auditOf('SEXYGAME');
    expect(entry).toMatchObject({ reason: 'contract ended', before: { state: 'on' }, after: { state: 'off' } });
  });

  it('orders and features a game without a reason; featured games come first for members', async () => {
    const m = await signedInMember(t, 10);
    const res = await update('HUAYHD', { isFeatured: true, sortOrder: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isFeatured: true, sortOrder: 5, state: 'on' });
    expect((await memberSlots(m))[0]!.code).toBe('HUAYHD');
    const [entry] = await auditOf('HUAYHD');
    expect(entry).toMatchObject({
      reason: null,
      before: { isFeatured: false },
      after: { isFeatured: true, sortOrder: 5 },
    });
  });

  it.each([
    ['an empty maintenance message', 'UFABET', { state: 'maintenance', maintenanceMessage: '   ', reason: 'upgrade' }],
    ['maintenance without a message', 'UFABET', { state: 'maintenance', reason: 'upgrade' }],
    ['maintenance without a reason', 'UFABET', { state: 'maintenance', maintenanceMessage: 'back soon' }],
    ['off without a reason', 'UFABET', { state: 'off' }],
    ['a message while on', 'UFABET', { state: 'on', maintenanceMessage: 'x' }],
    ['nothing to change', 'UFABET', { reason: 'nothing at all' }],
    ['an unknown field', 'UFABET', { isEnabled: false }],
    ['an order that is not a whole number', 'UFABET', { sortOrder: 1.5 }],
  ])('refuses %s and changes nothing', async (_, code, body) => {
    const before = await rowOf(code);
    const audits = await auditCount();
    const res = await update(code, body);
    expect(res.statusCode).toBe(400);
    expect(['KEY_INVALID', 'KEY_MISSING']).toContain(res.json().message);
    expect(await rowOf(code)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers NO_DATA for an unknown game and writes nothing', async () => {
    const audits = await auditCount();
    const res = await update('NOSUCHGAME', { state: 'off', reason: 'not ours' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('NO_DATA');
    expect(await auditCount()).toBe(audits);
  });
});
