// Deposit bonuses over HTTP (docs/product.md §4.1): the list, taking a bonus on a
// qualifying deposit with its exact figures, every refusal, the check calls and the member's cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, signedInMember } from '../wallet/testing.ts';
import {
  activateBonus,
  ageDeposits,
  bonusList,
  checkActive,
  clearBonus,
  conditionsOf,
  depositBaht,
  key,
  statement,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '200' });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe('GET /api/bonus', () => {
  it('lists the seeded bonuses with the member’s received state', async () => {
    const m = await signedInMember(t, 300);
    const list = await bonusList(t, m);
    expect(list.map((b: { code: string; type: string }) => [b.code, b.type])).toEqual([
      ['WELCOME', 'limit'],
      ['DAILY', 'day'],
      ['WEEKLY', 'week'],
    ]);
    expect(list[0]).toMatchObject({
      maxReceived: 1,
      percent: 100,
      maxBonus: 500,
      minDeposit: 100,
      turnover: 3,
      percentFail: 10,
      userBonus: { _id: `${m.memberId}-WELCOME`, isActive: false, received: [] },
      isReceived: false,
    });
    expect(list[0].banners[0]).toMatchObject({ image: '/banners/bonus-welcome.svg' });
    expect(list[0].banners[0].html).toContain('100%');

    await activateBonus(t, m, 'WELCOME', key());
    const after = await bonusList(t, m);
    const [cond] = await conditionsOf(t, m.memberId);
    expect(after[0].userBonus).toEqual({
      _id: `${m.memberId}-WELCOME`,
      isActive: true,
      received: [{ updatedAt: cond!.createdAt.toISOString() }],
    });
    expect(after[0].isReceived).toBe(true);
    expect(after[1]).toMatchObject({ userBonus: { isActive: false, received: [] }, isReceived: false });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bonus', headers: headers() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/bonus/activate/:code', () => {
  it('gives percent of the deposit: 300 baht → 300 bonus, start 600, target 1800, fail below 60', async () => {
    const m = await signedInMember(t, 300);
    const res = await activateBonus(t, m, 'WELCOME', key());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'WELCOME',
      kind: 'bonus',
      isActive: true,
      amount: 300,
      startCredit: 600,
      target: 1800,
      failBelow: 60,
    });
    expect((await balances(t, m)).wallet).toBe(600);
  });

  it('caps the bonus at maxBonus: 800 baht → 500', async () => {
    const m = await signedInMember(t, 800);
    const res = await activateBonus(t, m, 'WELCOME');
    expect(res.json()).toMatchObject({ amount: 500, startCredit: 1300, target: 3900, failBelow: 130 });
  });

  it('rounds down to the satang: 1,234.56 at 10% → 123.45', async () => {
    const m = await signedInMember(t, 1234.56);
    const res = await activateBonus(t, m, 'daily');
    expect(res.json()).toMatchObject({ code: 'DAILY', amount: 123.45, startCredit: 1358.01, target: 2716.02 });
    expect(res.json().failBelow).toBe(135.8);
  });

  it('starts from the whole balance when the member holds more than the deposit', async () => {
    const m = await signedInMember(t, 2000);
    await depositBaht(t, m, 100);
    // Deposit 100 + bonus 100 would be 200: the 2,100 already held would pass the target at once.
    const res = await activateBonus(t, m, 'WELCOME');
    expect(res.json()).toMatchObject({ amount: 100, startCredit: 2200, target: 6600, failBelow: 220 });
  });

  it('books the credit as a bonus statement row with the bonus’s description', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    const s = await statement(t, m);
    expect(s.statements[0]).toMatchObject({
      statementType: 'bonus',
      from: 'WELCOME',
      to: 'WALLET',
      amount: 300,
      status: 'SUCCESS',
      bonus: { description: 'โบนัสต้อนรับ 100% · Welcome bonus 100%' },
    });
  });

  it('refuses an unknown or switched-off code with NO_PROMOTION', async () => {
    const m = await signedInMember(t, 300);
    const res = await activateBonus(t, m, 'NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_PROMOTION' });
    expect(await conditionsOf(t, m.memberId)).toEqual([]);
  });

  it('refuses a second bonus while one is active: BONUS_ALREADY_ACTIVE', async () => {
    const m = await signedInMember(t, 300);
    await depositBaht(t, m, 300);
    expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
    const res = await activateBonus(t, m, 'DAILY');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
  });

  it('refuses without a qualifying deposit: BONUS_CONDITION (too small, too old, used, withdrawn since)', async () => {
    const small = await signedInMember(t, 99.99);
    expect((await activateBonus(t, small, 'WELCOME')).json()).toEqual({ message: 'BONUS_CONDITION' });

    const old = await signedInMember(t, 300);
    await ageDeposits(t, old.memberId, 25);
    expect((await activateBonus(t, old, 'WELCOME')).json()).toEqual({ message: 'BONUS_CONDITION' });

    const used = await signedInMember(t, 300);
    expect((await activateBonus(t, used, 'WELCOME')).statusCode).toBe(200);
    expect((await clearBonus(t, used)).statusCode).toBe(200);
    expect((await activateBonus(t, used, 'DAILY')).json()).toEqual({ message: 'BONUS_CONDITION' });

    const withdrawn = await signedInMember(t, 1000);
    const w = await call(t, withdrawn, 'POST', '/api/wallet/withdraw', { amount: 100 }, key('wd'));
    expect(w.statusCode).toBe(200);
    expect((await activateBonus(t, withdrawn, 'WELCOME')).json()).toEqual({ message: 'BONUS_CONDITION' });
    // A new deposit after the withdrawal qualifies again.
    await depositBaht(t, withdrawn, 200);
    expect((await activateBonus(t, withdrawn, 'WELCOME')).json()).toMatchObject({ amount: 200 });
  });

  it('refuses a bonus received as often as its type allows: BONUS_MAX_CLAIMED', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    await clearBonus(t, m);
    await depositBaht(t, m, 300);
    const res = await activateBonus(t, m, 'WELCOME');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
  });

  it('replays the first answer for a repeated Idempotency-Key and credits once', async () => {
    const m = await signedInMember(t, 300);
    const k = key();
    const first = await activateBonus(t, m, 'WELCOME', k);
    const again = await activateBonus(t, m, 'WELCOME', k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await balances(t, m)).wallet).toBe(600);
  });
});

describe('GET /api/bonus/check/active and /check/minimum', () => {
  it('answers no condition, then the bonus type with its progress', async () => {
    const m = await signedInMember(t, 300);
    expect(await checkActive(t, m)).toEqual({ status: false, type: null, progress: null });
    await activateBonus(t, m, 'WEEKLY');
    expect(await checkActive(t, m)).toEqual({
      status: true,
      type: 'week',
      progress: {
        kind: 'bonus',
        code: 'WEEKLY',
        bonusAmount: 60,
        startCredit: 360,
        balance: 360,
        target: 1080,
        failBelow: 36,
        percentFail: 10,
        cancelTakesBack: 60,
      },
    });
  });

  it('answers the smallest minimum deposit and whether the member can take a bonus now', async () => {
    const m = await signedInMember(t, 50);
    const min = async () => (await call(t, m, 'GET', '/api/bonus/check/minimum')).json();
    expect(await min()).toEqual({ minimum: 100, eligible: false });
    await depositBaht(t, m, 100);
    expect(await min()).toEqual({ minimum: 100, eligible: true });
    await activateBonus(t, m, 'DAILY');
    expect(await min()).toEqual({ minimum: 100, eligible: false });
  });
});

describe('GET /api/bonus/clear', () => {
  it('answers NO_DATA when there is nothing to cancel', async () => {
    const m = await signedInMember(t, 300);
    const res = await clearBonus(t, m);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_DATA' });
  });

  it('takes the whole bonus back when the wallet holds it, with a finish_bonus row', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    const res = await clearBonus(t, m, key());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 300 });
    expect((await balances(t, m)).wallet).toBe(300);
    expect((await conditionsOf(t, m.memberId))[0]).toMatchObject({ status: 'CANCELLED' });
    expect(await checkActive(t, m)).toMatchObject({ status: false });
    const [finish, grant] = (await statement(t, m)).statements;
    expect(finish).toMatchObject({
      statementType: 'finish_bonus',
      from: 'WALLET',
      to: 'WELCOME',
      amount: 300,
      bonus: { description: 'โบนัสต้อนรับ 100% · Welcome bonus 100%' },
    });
    expect(grant).toMatchObject({ statementType: 'bonus', amount: 300 });
    expect((await clearBonus(t, m)).json()).toEqual({ message: 'NO_DATA' });
  });

  it('brings the game money back first when the wallet holds less than the bonus, then takes it all', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    await activate(t, m.token, 'PG');
    const moved = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 500 }, key());
    expect(moved.json().status).toBe('SUCCESS');
    const res = await clearBonus(t, m);
    expect(res.json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 300 });
    expect(await balances(t, m)).toMatchObject({ wallet: 300, slots: { PG: 0 } });
    expect((await statement(t, m)).statements[0]).toMatchObject({ statementType: 'finish_bonus', amount: 300 });
  });
});
