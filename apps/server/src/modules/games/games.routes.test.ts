import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderPlayers } from '../../db/schema/demo-provider.ts';
import { gameAccounts, games } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { forgetCachedGames } from './games.repository.ts';
import { setProviderFaults } from './provider-faults.routes.ts';
import { activate, get, pathOf } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '30', DEMO_PROVIDER_URL: 'http://games.test:4000/demo-provider' });
  // A game on an auto-login path that carries the password (none of the seeded games does).
  await t.db.insert(games).values({
    code: 'PGSLOT',
    name: 'PG Slot',
    category: 'slot',
    provider: 'demo',
    logo: '/games/pg-logo.svg',
    background: '/games/pg-bg.svg',
  });
  forgetCachedGames(t.db);
});
afterAll(() => t.close());
afterEach(() => t.ctx.gameProviders.sandbox?.faults.reset());

async function storedAccount(memberId: number, code: string) {
  const [row] = await t.db
    .select()
    .from(gameAccounts)
    .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, code)));
  return row ?? null;
}

async function ledgerAccount(memberId: number, code: string) {
  const [row] = await t.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code)));
  return row ?? null;
}

describe('GET /api/wallet/activate/:slotCode', () => {
  it('creates the player at the provider, stores the password sealed and opens the ledger account', async () => {
    const m = await newMember(t);
    const res = await get(t, '/api/wallet/activate/JOKER', m.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: 'SUCCESS',
      username: expect.any(String),
      password: expect.any(String),
      event: null,
    });

    const row = await storedAccount(m.id, 'JOKER');
    expect(row?.username).toBe(body.username);
    expect(row?.passwordEnc).not.toContain(body.password);
    expect(JSON.stringify(row)).not.toContain(body.password);
    expect(await ledgerAccount(m.id, 'JOKER')).toMatchObject({ kind: 'MEMBER', currency: 'BAHT', balance: 0n });

    const players = await t.db
      .select()
      .from(demoProviderPlayers)
      .where(eq(demoProviderPlayers.username, body.username));
    expect(players).toHaveLength(1);
    expect(players[0]).toMatchObject({ gameCode: 'JOKER', balance: 0n, currency: 'BAHT' });
    expect(await t.ctx.gameProviders.sandbox!.books.signIn('JOKER', body.username, body.password)).not.toBeNull();
  });

  it('answers the UFABET login state in the event bag', async () => {
    const m = await newMember(t);
    const body = await activate(t, m.token, 'UFABET');
    expect(body.event).toMatchObject({
      __VIEWSTATE: expect.any(String),
      __EVENTVALIDATION: expect.any(String),
      txtUserName: body.username,
    });
    expect((await storedAccount(m.id, 'UFABET'))?.event).toEqual(body.event);
  });

  it('refuses a second activation with SLOT_ALREADY_ACTIVE and keeps the first account', async () => {
    const m = await newMember(t);
    const first = await activate(t, m.token, 'PG');
    const again = await get(t, '/api/wallet/activate/PG', m.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
    expect((await get(t, '/api/wallet/account/PG', m.token)).json().password).toBe(first.password);
  });

  it('activates once when two requests race', async () => {
    const m = await newMember(t);
    const results = await Promise.all([1, 2, 3].map(() => get(t, '/api/wallet/activate/SLOTXO', m.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await get(t, '/api/wallet/account/SLOTXO', m.token)).json().username).toBe(winner.username);
  });

  it('answers NO_GAME for an unknown or disabled game', async () => {
    const m = await newMember(t);
    const unknown = await get(t, '/api/wallet/activate/NOPE', m.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_GAME' });
    await t.db.update(games).set({ isEnabled: false }).where(eq(games.code, 'PGSLOT'));
    forgetCachedGames(t.db);
    try {
      expect((await get(t, '/api/wallet/activate/PGSLOT', m.token)).json()).toEqual({ message: 'NO_GAME' });
    } finally {
      await t.db.update(games).set({ isEnabled: true }).where(eq(games.code, 'PGSLOT'));
      forgetCachedGames(t.db);
    }
  });

  it.each([['error5xx'], ['timeout'], ['reject'], ['lostResponse']] as const)(
    'answers SLOT_ACTIVATE_FAIL and stores nothing when the provider fails (%s)',
    async (fault) => {
      const m = await newMember(t);
      setProviderFaults(t.ctx, { next: [fault] });
      const res = await get(t, '/api/wallet/activate/BETFLIX', m.token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'SLOT_ACTIVATE_FAIL' });
      expect(await storedAccount(m.id, 'BETFLIX')).toBeNull();
      expect(await ledgerAccount(m.id, 'BETFLIX')).toBeNull();
      expect((await activate(t, m.token, 'BETFLIX')).message).toBe('SUCCESS');
    },
  );

  it('answers 401 invalid-token without a session, and KEY_INVALID for a blank code', async () => {
    for (const url of ['/api/wallet/activate/PG', '/api/wallet/account/PG', '/api/wallet/resetpassword/PG']) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
    const m = await newMember(t);
    expect((await get(t, '/api/wallet/activate/%20', m.token)).json().message).toBe('KEY_INVALID');
  });
});

describe('GET /api/wallet/account/:slotCode', () => {
  it('answers the credentials, password decrypted', async () => {
    const m = await newMember(t);
    const opened = await activate(t, m.token, 'SUPERSLOT');
    const res = await get(t, '/api/wallet/account/SUPERSLOT', m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: opened.username, password: opened.password, event: null });
  });

  it('answers SLOT_NO_ACCOUNT when the game is not active for the member, NO_GAME when unknown', async () => {
    const owner = await newMember(t);
    await activate(t, owner.token, 'HUAYHD');
    const other = await newMember(t);
    const res = await get(t, '/api/wallet/account/HUAYHD', other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await get(t, '/api/wallet/account/NOPE', other.token)).json()).toEqual({ message: 'NO_GAME' });
  });
});

describe('GET /api/wallet/resetpassword/:slotCode', () => {
  it('sets a new password at the provider and stores it sealed', async () => {
    const m = await newMember(t);
    const opened = await activate(t, m.token, 'JOKER');
    const sealedBefore = (await storedAccount(m.id, 'JOKER'))?.passwordEnc;
    const res = await get(t, '/api/wallet/resetpassword/JOKER', m.token);
    expect(res.statusCode).toBe(200);
    const reset = res.json();
    expect(reset).toEqual({ username: opened.username, password: expect.any(String), event: null });
    expect(reset.password).not.toBe(opened.password);

    const row = await storedAccount(m.id, 'JOKER');
    expect(row?.passwordEnc).not.toBe(sealedBefore);
    expect(row?.passwordEnc).not.toContain(reset.password);
    expect((await get(t, '/api/wallet/account/JOKER', m.token)).json().password).toBe(reset.password);
    const books = t.ctx.gameProviders.sandbox!.books;
    expect(await books.signIn('JOKER', opened.username, opened.password)).toBeNull();
    expect(await books.signIn('JOKER', opened.username, reset.password)).not.toBeNull();
  });

  it('issues a fresh UFABET form state with the new password', async () => {
    const m = await newMember(t);
    const opened = await activate(t, m.token, 'UFABET');
    const reset = (await get(t, '/api/wallet/resetpassword/UFABET', m.token)).json();
    expect(reset.event.__VIEWSTATE).not.toBe(opened.event?.__VIEWSTATE);
    expect((await storedAccount(m.id, 'UFABET'))?.event).toEqual(reset.event);
  });

  it('answers SLOT_RESET_PASSWORD_FAIL and keeps the old password when the provider fails', async () => {
    const m = await newMember(t);
    const opened = await activate(t, m.token, 'PG');
    setProviderFaults(t.ctx, { next: ['timeout'] });
    const res = await get(t, '/api/wallet/resetpassword/PG', m.token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'SLOT_RESET_PASSWORD_FAIL' });
    expect((await get(t, '/api/wallet/account/PG', m.token)).json().password).toBe(opened.password);
  });

  it('answers SLOT_NO_ACCOUNT when not active', async () => {
    const m = await newMember(t);
    const res = await get(t, '/api/wallet/resetpassword/PG', m.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
  });
});

describe('GET /api/autoLogin/...', () => {
  it('answers a one-time launch link of the demo provider for the member own account', async () => {
    const m = await newMember(t);
    const { username } = await activate(t, m.token, 'PG');
    const res = await get(t, `/api/autoLogin/pg/${username}`, m.token);
    expect(res.statusCode).toBe(200);
    const { link } = res.json();
    expect(link).toMatch(/^http:\/\/games\.test:4000\/demo-provider\/launch\/[\w-]+$/);

    const launch = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(launch.statusCode).toBe(303);
    expect(launch.headers.location).toMatch(/^\/demo-provider\/play#[\w-]+$/);
    const again = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(again.statusCode).toBe(410);
  });

  it('serves each seeded auto-login game on its own path', async () => {
    const m = await newMember(t);
    for (const [code, path] of [
      ['BETFLIX', 'betflix'],
      ['HUAYHD', 'huayhd'],
    ]) {
      const { username } = await activate(t, m.token, code!);
      expect((await get(t, `/api/autoLogin/${path}/${username}`, m.token)).statusCode).toBe(200);
    }
  });

  it('answers SLOT_NO_ACCOUNT for another member username, another game path or no account', async () => {
    const owner = await newMember(t);
    const { username } = await activate(t, owner.token, 'PG');
    const stranger = await newMember(t);
    await activate(t, stranger.token, 'PG');
    await activate(t, owner.token, 'BETFLIX');
    for (const [token, url] of [
      [stranger.token, `/api/autoLogin/pg/${username}`],
      [owner.token, `/api/autoLogin/betflix/${username}`],
      [owner.token, `/api/autoLogin/huayhd/${username}`],
      [owner.token, '/api/autoLogin/askmebet/someone/secret'],
    ]) {
      const res = await get(t, url!, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    }
  });

  it('checks the password on paths that carry one', async () => {
    const m = await newMember(t);
    const { username, password } = await activate(t, m.token, 'PGSLOT');
    const ok = await get(t, `/api/autoLogin/pgslot/${username}/${password}`, m.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().link).toContain('/demo-provider/launch/');
    const wrong = await get(t, `/api/autoLogin/pgslot/${username}/${password}x`, m.token);
    expect(wrong.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await get(t, `/api/autoLogin/pgslot/${username}`, m.token)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await get(t, '/api/autoLogin/pg/anyone');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid-token' });
  });
});

describe('PUT /dev/provider-faults', () => {
  it('sets the sandbox faults shared by the whole app, validated', async () => {
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/dev/provider-faults', payload: payload as object });
    const bad = await put({ timeoutRate: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await put({ next: ['explode'] })).statusCode).toBe(400);
    expect((await put({ unknown: 1 })).statusCode).toBe(400);

    const res = await put({ next: ['error5xx'], methods: ['createPlayer'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: ['error5xx'], timeoutRate: 0, methods: ['createPlayer'] });
    expect((await t.app.inject({ method: 'GET', url: '/dev/provider-faults' })).json().next).toEqual(['error5xx']);

    const m = await newMember(t);
    expect((await get(t, '/api/wallet/activate/SEXYGAME', m.token)).json()).toEqual({ message: 'SLOT_ACTIVATE_FAIL' });
    expect((await get(t, '/api/wallet/activate/SEXYGAME', m.token)).statusCode).toBe(200);
    expect((await put({})).json()).toMatchObject({ next: [], timeoutRate: 0, errorRate: 0, slowMs: 0 });
  });
});
