// Cashback through the API with a controllable clock: periods in Asia/Bangkok, receive once per
// period, add to the wallet under the refund condition, every refusal code, the list, banners.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { createCreditConditions } from '../bonus/credit-condition.ts';
import { activate } from '../games/testing.ts';
import { activeCondition, holding, setRefundRules } from '../invite/testing.ts';
import { HOUSE } from '../ledger/house-accounts.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { balances, call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
import { SEED_REFUND_BANNERS, SEED_REFUND_RULES } from './seed-refunds.ts';
import { bangkok, bookGameResult } from './testing.ts';

const DAY_MS = 86_400_000;

describe('cashback', () => {
  let t: TestApp;
  let clock = new Date();
  const get = (m: Member, path: string, key?: string) => call(t, m, 'GET', `/api/refund${path}`, undefined, key);
  const check = (m: Member) => get(m, '/check').then((r) => r.json());
  const receive = (m: Member, key?: string) => get(m, '/receive', key);
  const addWallet = (m: Member, key?: string) => get(m, '/addWallet', key);
  const lost = (m: Member, baht: number, local: string) =>
    bookGameResult(t, m.memberId, BigInt(-baht * 100), bangkok(local));

  /** Starts a plain bonus condition (as a bonus activation would); returns a function that cancels it. */
  async function underCondition(m: Member) {
    const conditions = createCreditConditions(t.ctx);
    const expense = await createLedger(t.ctx).houseAccountId(HOUSE.BONUS_EXPENSE, 'BAHT', m.memberId);
    await t.db.transaction((tx) =>
      conditions.grant(tx, {
        memberId: m.memberId,
        currency: 'BAHT',
        kind: 'bonus',
        sourceCode: 'TEST',
        amount: 100n,
        fromAccountId: expense,
        description: 'test bonus',
        targetMultiple: 100,
        percentFail: 0,
      }),
    );
    return () => conditions.cancel(m.memberId);
  }

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
  });
  beforeEach(async () => {
    clock = bangkok('2026-03-11T05:00:00');
    await setRefundRules(t, { ...SEED_REFUND_RULES });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it("the seed and a real balance refresh: yesterday's booked losses can be received today", async () => {
    clock = new Date();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
    });
    const demo = { memberId: 0, token: login.json().token as string };
    // The seed lost 120 at PG yesterday: 5 % back.
    expect(await check(demo)).toMatchObject({ result: true, bonus: false, refundAmount: 6, receivedAmount: 0 });
    expect((await receive(demo)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 6 });

    // A member plays today; the refresh books the loss; tomorrow it is cashback.
    const m = await signedInMember(t, 100);
    const { username } = await activate(t, m.token, 'JOKER');
    await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 100 });
    await providerPlays(t, username, -4_000n);
    await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect(await check(m)).toMatchObject({ result: false, refundAmount: 0 });
    clock = new Date(Date.now() + DAY_MS);
    expect(await check(m)).toMatchObject({ result: true, refundAmount: 2 });
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 2 });
  });

  it('day periods: only results booked in the last closed Bangkok day count, each received once', async () => {
    clock = bangkok('2026-03-10T20:00:00');
    const m = await signedInMember(t, 10_000);
    await lost(m, 1_000, '2026-03-09T23:59:59.999');
    await lost(m, 100, '2026-03-10T00:00:00');
    await bookGameResult(t, m.memberId, 3_000n, bangkok('2026-03-10T12:00:00'));
    await lost(m, 50, '2026-03-10T23:59:59.999');
    await lost(m, 500, '2026-03-11T00:00:00');

    clock = bangkok('2026-03-10T23:59:59.999');
    expect(await check(m)).toMatchObject({ result: true, refundAmount: 50 });
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 50 });

    clock = bangkok('2026-03-11T00:00:00');
    // 100 + 50 lost, 30 won: 5 % of 120; and the 50 received before waits to be added.
    expect(await check(m)).toEqual({
      result: true,
      bonus: false,
      info: SEED_REFUND_RULES.info,
      refundAmount: 56,
      refundSuccess: 5,
      refundFail: 10,
      receivedAmount: 50,
    });
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 6 });
    const again = await receive(m);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'NO_REFUND' }]);

    clock = bangkok('2026-03-12T09:00:00');
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 25 });
    expect(await holding(t, m.memberId, 'REFUND')).toBe(8_100n);
    const page1 = (await call(t, m, 'POST', '/api/refund', { page: 1, limit: 2 })).json();
    expect(page1.total).toBe(3);
    expect(page1.refunds.map((r: { refundAmount: number }) => r.refundAmount)).toEqual([25, 6]);
    expect(page1.refunds[0].createdAt).toBe(clock.toISOString());
    const page2 = (await call(t, m, 'POST', '/api/refund', { page: 2, limit: 2 })).json();
    expect(page2.refunds.map((r: { refundAmount: number }) => r.refundAmount)).toEqual([50]);
    // Receiving is not a wallet movement: 1,650 lost and 30 won at the game, nothing more.
    expect((await balances(t, m)).wallet).toBe(10_000 - 1_650 + 30);
  });

  it('week periods: Monday 00:00 to Monday 00:00 in Bangkok', async () => {
    await setRefundRules(t, { period: 'week' });
    clock = bangkok('2026-03-12T12:00:00'); // signed in within the session's 7 days
    const m = await signedInMember(t, 10_000);
    await lost(m, 2_000, '2026-03-08T23:59:59.999');
    await lost(m, 100, '2026-03-09T00:00:00');
    await lost(m, 300, '2026-03-15T23:59:59.999');
    await lost(m, 4_000, '2026-03-16T00:00:00');
    clock = bangkok('2026-03-16T08:00:00');
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 20 });
    clock = bangkok('2026-03-18T23:59:59');
    expect((await receive(m)).json()).toEqual({ message: 'NO_REFUND' });
  });

  it('receive refusals: REFUND_INACTIVE, NO_REFUND after a winning day, REFUND_MINIMUM; nothing is booked', async () => {
    const small = await signedInMember(t, 100);
    await lost(small, 10, '2026-03-10T10:00:00'); // 5 % = 0.50, below the 1 baht minimum
    expect(await check(small)).toMatchObject({ result: false, refundAmount: 0.5 });
    let res = await receive(small);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'REFUND_MINIMUM', minimum: 1 }]);

    const winner = await signedInMember(t, 100);
    await lost(winner, 100, '2026-03-10T10:00:00');
    await bookGameResult(t, winner.memberId, 10_001n, bangkok('2026-03-10T11:00:00'));
    res = await receive(winner);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_REFUND' }]);
    expect(await check(winner)).toMatchObject({ result: false, refundAmount: 0 });

    const loser = await signedInMember(t, 1_000);
    await lost(loser, 1_000, '2026-03-10T10:00:00');
    await setRefundRules(t, { isActive: false });
    res = await receive(loser);
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'REFUND_INACTIVE' }]);
    expect(await check(loser)).toMatchObject({ result: false, refundAmount: 0, receivedAmount: 0 });
    for (const m of [small, winner, loser]) expect(await holding(t, m.memberId, 'REFUND')).toBe(0n);
    expect((await call(t, loser, 'POST', '/api/refund', { page: 1, limit: 10 })).json()).toEqual({
      total: 0,
      refunds: [],
    });
  });

  it('during a credit condition receive and addWallet answer REFUND_CONDITION and check says bonus', async () => {
    const m = await signedInMember(t, 1_000);
    await lost(m, 400, '2026-03-10T10:00:00');
    let cancel = await underCondition(m);
    expect(await check(m)).toMatchObject({ bonus: true, result: true, refundAmount: 20 });
    let res = await receive(m);
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'REFUND_CONDITION' }]);
    expect(await holding(t, m.memberId, 'REFUND')).toBe(0n);
    await cancel();
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 20 });

    cancel = await underCondition(m);
    res = await addWallet(m);
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'REFUND_CONDITION' }]);
    expect(await holding(t, m.memberId, 'REFUND')).toBe(2_000n);
    await cancel();
    expect((await addWallet(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 20 });
  });

  it('addWallet moves the whole REFUND balance to the wallet and starts the refund condition', async () => {
    const m = await signedInMember(t, 300);
    await lost(m, 200, '2026-03-10T10:00:00');
    expect((await receive(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 10 });
    const res = await addWallet(m);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'REFUND_SUCCESS', amount: 10 }]);
    expect(await holding(t, m.memberId, 'REFUND')).toBe(0n);
    expect((await balances(t, m)).wallet).toBe(110);
    expect(await activeCondition(t, m.memberId)).toMatchObject({
      kind: 'refund',
      bonusAmount: 1_000n,
      startCredit: 11_000n,
      target: 11_550n,
      failBelow: 1_100n,
      percentFail: 10,
    });
    const statement = (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).json();
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus',
      from: 'REFUND',
      to: 'WALLET',
      amount: 10,
      refund: { description: 'Cashback' },
    });
    expect(await check(m)).toMatchObject({ bonus: true, result: false, receivedAmount: 0 });

    const empty = await signedInMember(t, 0);
    const none = await addWallet(empty);
    expect([none.statusCode, none.json()]).toEqual([404, { message: 'NO_REFUND' }]);
  });

  it('what was received can still be added with the feature off', async () => {
    const m = await signedInMember(t, 300);
    await lost(m, 200, '2026-03-10T10:00:00');
    await receive(m);
    await setRefundRules(t, { isActive: false });
    expect(await check(m)).toMatchObject({ result: true, refundAmount: 10, receivedAmount: 10 });
    expect((await addWallet(m)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 10 });
  });

  it('replays of receive and addWallet under one Idempotency-Key answer the first result', async () => {
    const m = await signedInMember(t, 300);
    await lost(m, 200, '2026-03-10T10:00:00');
    const key = `refund-receive-${m.memberId}`;
    const first = await receive(m, key);
    const again = await receive(m, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const add = `refund-add-${m.memberId}`;
    expect((await addWallet(m, add)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 10 });
    expect((await addWallet(m, add)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 10 });
    expect((await balances(t, m)).wallet).toBe(110);
  });

  it('GET /api/refund/banners answers the banners setting; every call needs a signed-in member', async () => {
    const m = await signedInMember(t, 0);
    expect((await get(m, '/banners')).json()).toEqual(SEED_REFUND_BANNERS);
    await createSettingsRepository(t.db).set('refundBanners', []);
    expect((await get(m, '/banners')).json()).toEqual([]);
    await createSettingsRepository(t.db).set('refundBanners', SEED_REFUND_BANNERS);
    for (const path of ['/check', '/receive', '/addWallet', '/banners']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/refund${path}`, headers: headers() });
      expect(res.statusCode).toBe(401);
    }
    const list = await t.app.inject({ method: 'POST', url: '/api/refund', headers: headers(), payload: {} });
    expect(list.statusCode).toBe(401);
  });
});
