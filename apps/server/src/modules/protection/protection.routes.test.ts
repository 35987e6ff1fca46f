import { protectionPaths } from '@krapao/contracts/protection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { protectionExclusions, protectionLimits } from '../../db/schema/protection.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
import { bankDeposit, eventDetails, events, HOUR_MS, pcall } from './protection-testing.ts';

let t: TestApp;
let shift = 0;
beforeAll(async () => {
  t = await createTestApp({ SESSION_TTL_HOURS: '10000' }, { now: () => new Date(Date.now() + shift) });
});
beforeEach(() => {
  shift = 0;
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const state = async (m: Member) => (await pcall(t, m, 'GET', protectionPaths.state)).json();
const setLimit = (m: Member, body: unknown) => pcall(t, m, 'PUT', protectionPaths.limit, body);
const limitRows = (m: Member) => t.db.select().from(protectionLimits).where(eq(protectionLimits.memberId, m.memberId));
const deposit = { kind: 'DEPOSIT', period: 'DAY' } as const;

describe('GET /api/protection', () => {
  it('answers 401 without a session and an empty state for a new member', async () => {
    const anon = await t.app.inject({ method: 'GET', url: protectionPaths.state, headers: headers() });
    expect(anon.statusCode).toBe(401);
    const m = await signedInMember(t, 0);
    expect(await state(m)).toEqual({ currency: 'BAHT', limits: [], exclusion: null, realityCheckMinutes: 0 });
  });
});

describe('input checks', () => {
  it('refuses bad input on every call and changes nothing', async () => {
    const m = await signedInMember(t, 0);
    const bad: [string, 'PUT' | 'POST', unknown, string][] = [
      [protectionPaths.limit, 'PUT', { kind: 'BET', period: 'DAY', amount: 10 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'YEAR', amount: 10 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'DAY', amount: -5 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'DAY', amount: 0 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'DAY', amount: 0.001 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'DAY', amount: 10, x: 1 }, 'KEY_INVALID'],
      [protectionPaths.limit, 'PUT', { kind: 'DEPOSIT', period: 'DAY' }, 'KEY_MISSING'],
      [protectionPaths.confirm, 'POST', { kind: 'DEPOSIT' }, 'KEY_INVALID'],
      [protectionPaths.cancel, 'POST', { kind: 'LOSS', period: 'HOUR' }, 'KEY_INVALID'],
      [protectionPaths.exclusion, 'POST', { kind: 'TIMEOUT', duration: '6m' }, 'KEY_INVALID'],
      [protectionPaths.exclusion, 'POST', { kind: 'SELF_EXCLUSION', duration: '24h' }, 'KEY_INVALID'],
      [protectionPaths.exclusion, 'POST', { kind: 'BREAK', duration: '24h' }, 'KEY_INVALID'],
      [protectionPaths.realityCheck, 'PUT', { minutes: 45 }, 'KEY_INVALID'],
      [protectionPaths.realityCheck, 'PUT', {}, 'KEY_INVALID'],
    ];
    for (const [url, method, body, code] of bad) {
      const res = await pcall(t, m, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message, `${url} ${JSON.stringify(body)}`).toBe(code);
    }
    expect(await limitRows(m)).toEqual([]);
    expect(await t.db.select().from(protectionExclusions).where(eq(protectionExclusions.memberId, m.memberId))).toEqual(
      [],
    );
    expect(await events(t, m.memberId)).toEqual([]);
    expect((await state(m)).realityCheckMinutes).toBe(0);
  });

  it('answers NO_DATA to a confirm or cancel with nothing waiting, and nothing to remove changes nothing', async () => {
    const m = await signedInMember(t, 0);
    for (const url of [protectionPaths.confirm, protectionPaths.cancel]) {
      const res = await pcall(t, m, 'POST', url, deposit);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('NO_DATA');
    }
    expect((await setLimit(m, { ...deposit, amount: null })).statusCode).toBe(200);
    expect(await limitRows(m)).toEqual([]);
    expect(await events(t, m.memberId)).toEqual([]);
  });
});

describe('PUT /api/protection/limits', () => {
  it('sets and lowers at once; a raise waits 24 hours for a confirmation; a cancel keeps the limit', async () => {
    const m = await signedInMember(t, 0);
    let res = await setLimit(m, { ...deposit, amount: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().limits).toEqual([
      {
        ...deposit,
        amount: 500,
        pendingAmount: null,
        pendingSince: null,
        confirmableAt: null,
        used: 0,
        inGames: 0,
        remaining: 500,
      },
    ]);
    res = await setLimit(m, { ...deposit, amount: 300 });
    expect(res.json().limits[0]).toMatchObject({ amount: 300, remaining: 300 });

    res = await setLimit(m, { ...deposit, amount: 1000 });
    const raised = res.json().limits[0];
    expect(raised).toMatchObject({ amount: 300, pendingAmount: 1000 });
    expect(Date.parse(raised.confirmableAt) - Date.parse(raised.pendingSince)).toBe(24 * HOUR_MS);

    shift = 23 * HOUR_MS;
    res = await pcall(t, m, 'POST', protectionPaths.confirm, deposit);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'PROTECTION_NOT_YET', confirmableAt: raised.confirmableAt });
    expect((await limitRows(m))[0]).toMatchObject({ amount: 300_00n, pendingAmount: 1000_00n });

    shift = 24 * HOUR_MS + 1000;
    res = await pcall(t, m, 'POST', protectionPaths.confirm, deposit);
    expect(res.statusCode).toBe(200);
    expect(res.json().limits[0]).toMatchObject({ amount: 1000, pendingAmount: null, pendingSince: null });

    res = await setLimit(m, { ...deposit, amount: 2000 });
    expect(res.json().limits[0]).toMatchObject({ amount: 1000, pendingAmount: 2000 });
    res = await pcall(t, m, 'POST', protectionPaths.cancel, deposit);
    expect(res.statusCode).toBe(200);
    expect(res.json().limits[0]).toMatchObject({ amount: 1000, pendingAmount: null, pendingSince: null });
    shift = 48 * HOUR_MS;
    expect((await pcall(t, m, 'POST', protectionPaths.confirm, deposit)).statusCode).toBe(404);

    const limit = { ...deposit, currency: 'BAHT' };
    expect(await eventDetails(t, m.memberId)).toEqual([
      ['LIMIT_SET', { ...limit, amount: 500, previous: null }],
      ['LIMIT_LOWERED', { ...limit, amount: 300, previous: 500 }],
      ['LIMIT_RAISE_ASKED', { ...limit, amount: 1000, previous: 300 }],
      ['LIMIT_CONFIRMED', { ...limit, amount: 1000 }],
      ['LIMIT_RAISE_ASKED', { ...limit, amount: 2000, previous: 1000 }],
      ['LIMIT_CANCELLED', { ...limit, amount: 1000, pendingAmount: 2000 }],
    ]);
  });

  it('removes a limit only after the delay; lowering while a raise waits applies at once and drops it', async () => {
    const m = await signedInMember(t, 0);
    const loss = { kind: 'LOSS', period: 'WEEK' } as const;
    await setLimit(m, { ...loss, amount: 100 });
    let res = await setLimit(m, { ...loss, amount: null });
    expect(res.json().limits[0]).toMatchObject({ amount: 100, pendingAmount: null, used: 0, remaining: 100 });
    expect(res.json().limits[0].pendingSince).not.toBeNull();
    res = await setLimit(m, { ...loss, amount: 50 });
    expect(res.json().limits[0]).toMatchObject({ amount: 50, pendingAmount: null, pendingSince: null });

    await setLimit(m, { ...loss, amount: null });
    shift = 25 * HOUR_MS;
    res = await pcall(t, m, 'POST', protectionPaths.confirm, loss);
    expect(res.statusCode).toBe(200);
    expect(res.json().limits).toEqual([]);
    expect(await limitRows(m)).toEqual([]);
    const kinds = (await eventDetails(t, m.memberId)).map(([kind]) => kind);
    expect(kinds).toEqual([
      'LIMIT_SET',
      'LIMIT_REMOVE_ASKED',
      'LIMIT_LOWERED',
      'LIMIT_REMOVE_ASKED',
      'LIMIT_CONFIRMED',
    ]);
  });
});

describe('rolling windows', () => {
  for (const [period, hours] of [
    ['DAY', 24],
    ['WEEK', 24 * 7],
    ['MONTH', 24 * 30],
  ] as const) {
    it(`counts deposits of the last ${hours} hours against a ${period} limit`, async () => {
      const m = await signedInMember(t, 0);
      await bankDeposit(t, m.memberId, 100);
      await setLimit(m, { kind: 'DEPOSIT', period, amount: 150 });
      shift = hours * HOUR_MS - 60_000;
      expect((await state(m)).limits[0]).toMatchObject({ period, used: 100, remaining: 50 });
      shift = hours * HOUR_MS + 60_000;
      expect((await state(m)).limits[0]).toMatchObject({ period, used: 0, remaining: 150 });
    });
  }

  it('never answers less than 0 remaining', async () => {
    const m = await signedInMember(t, 0);
    await setLimit(m, { ...deposit, amount: 50 });
    await bankDeposit(t, m.memberId, 80);
    expect((await state(m)).limits[0]).toMatchObject({ used: 80, remaining: 0 });
  });
});

describe('PUT /api/protection/reality-check', () => {
  it('stores the interval and writes an event; 0 turns it off', async () => {
    const m = await signedInMember(t, 0);
    let res = await pcall(t, m, 'PUT', protectionPaths.realityCheck, { minutes: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().realityCheckMinutes).toBe(30);
    const [row] = await t.db.select().from(members).where(eq(members.id, m.memberId));
    expect(row!.realityCheckMinutes).toBe(30);
    res = await pcall(t, m, 'PUT', protectionPaths.realityCheck, { minutes: 0 });
    expect(res.json().realityCheckMinutes).toBe(0);
    expect((await events(t, m.memberId, 'REALITY_CHECK_SET')).map((e) => e.detail)).toEqual([
      { minutes: 30 },
      { minutes: 0 },
    ]);
  });
});

describe('GET /api/protection/session', () => {
  it('answers the minutes since sign-in and the net of settled play since then', async () => {
    const m = await signedInMember(t, 100);
    const account = await activate(t, m.token, 'JOKER');
    const moved = await call(
      t,
      m,
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'JOKER', amount: 50 },
      `s-${m.memberId}`,
    );
    expect(moved.json().status).toBe('SUCCESS');
    await providerPlays(t, account.username, -2_000n);
    await call(t, m, 'GET', '/api/wallet/refresh/slot');

    shift = 45 * 60_000 + 5_000;
    const res = await pcall(t, m, 'GET', protectionPaths.session);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ minutesPlayed: 45, net: -20, currency: 'BAHT' });
    expect(Math.abs(Date.parse(body.signedInAt) - Date.now())).toBeLessThan(60_000);
    const anon = await t.app.inject({ method: 'GET', url: protectionPaths.session, headers: headers() });
    expect(anon.statusCode).toBe(401);
  });
});
