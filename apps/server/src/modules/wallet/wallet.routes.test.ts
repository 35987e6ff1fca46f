import { ZWalletResponse } from '@krapao/contracts/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { games } from '../../db/schema/games.ts';
import { idempotencyRequests } from '../../db/schema/ledger.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { forgetCachedGames } from '../games/games.repository.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, type Member, providerPlays, signedInMember } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '50' });
});
afterEach(() => t.ctx.gameProviders.sandbox?.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const transfer = (m: Member, body: unknown, key?: string) => call(t, m, 'POST', '/api/wallet/transfer', body, key);
const statement = async (m: Member) => (await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).json();
let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`;

describe('GET /api/wallet', () => {
  it('answers profile, bank account, wallet, invite and every game, inactive until opened', async () => {
    const m = await signedInMember(t, 250);
    const res = await call(t, m, 'GET', '/api/wallet');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({ _id: String(m.memberId), coin: 0 });
    expect(body.bankAccount).toMatchObject({ bankCode: 'SCB', bank: { nameTH: 'ธนาคารไทยพาณิชย์' } });
    expect(body.wallet).toEqual({ amount: 250 });
    expect(body.invite).toEqual({ amount: 0, success: 5, fail: 10 });
    expect(body.slots.length).toBeGreaterThanOrEqual(6);
    expect(new Set(body.slots.map((s: { category: string }) => s.category))).toEqual(
      new Set(['slot', 'sport', 'lotto']),
    );
    expect(body.slots.every((s: { isActive: boolean; amount: number }) => !s.isActive && s.amount === 0)).toBe(true);
  });

  it("writes what zod writes, and a game's change shows in the next answer though idle slots are written once", async () => {
    const m = await signedInMember(t, 75);
    await activate(t, m.token, 'PG');
    const asZodWrites = (body: string) => JSON.stringify(ZWalletResponse.encode(JSON.parse(body)));
    const first = await call(t, m, 'GET', '/api/wallet');
    expect(first.body).toBe(asZodWrites(first.body));
    const joker = (res: typeof first) => res.json().slots.find((s: { code: string }) => s.code === 'JOKER');
    expect(joker(first)).toMatchObject({ isActive: false, amount: 0 });
    expect(joker(first).maintenanceMessage).toBeUndefined();
    await t.db.update(games).set({ maintenanceMessage: 'ปิดปรับปรุง' }).where(eq(games.code, 'JOKER'));
    forgetCachedGames(t.db);
    try {
      const second = await call(t, m, 'GET', '/api/wallet');
      expect(joker(second).maintenanceMessage).toBe('ปิดปรับปรุง');
      expect(second.body).toBe(asZodWrites(second.body));
    } finally {
      await t.db.update(games).set({ maintenanceMessage: null }).where(eq(games.code, 'JOKER'));
      forgetCachedGames(t.db);
    }
  });

  it('answers 401 invalid-token without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers('nope') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid-token' });
    for (const h of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer a b' }]) {
      const bad = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: h });
      expect(bad.json()).toEqual({ message: 'invalid-token' });
    }
  });

  it('checks the session in its own statement, keeps it as authenticate does, refuses it after logout', async () => {
    const m = await signedInMember(t, 30);
    const profile = () => call(t, m, 'GET', '/api/account/profile');
    t.app.sessions.clearCache();
    expect((await call(t, m, 'GET', '/api/wallet')).json().wallet).toEqual({ amount: 30 });
    // Revoked behind the app's back: the session the wallet verified is served from memory, as any
    // verified session is, until the cache forgets it.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, m.memberId));
    expect((await profile()).statusCode).toBe(200);
    expect((await call(t, m, 'GET', '/api/wallet')).statusCode).toBe(200);
    t.app.sessions.clearCache();
    expect((await call(t, m, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });

    const n = await signedInMember(t, 40);
    t.app.sessions.clearCache();
    expect((await call(t, n, 'GET', '/api/wallet')).statusCode).toBe(200);
    expect((await call(t, n, 'POST', '/api/logout')).json()).toEqual({ message: 'SUCCESS' });
    expect((await call(t, n, 'GET', '/api/wallet')).json()).toEqual({ message: 'invalid-token' });
  });
});

describe('POST /api/wallet/transfer', () => {
  it('moves money into a game and back, each a transfer row on the statement', async () => {
    const m = await signedInMember(t, 1000);
    await activate(t, m.token, 'PG');
    const into = await transfer(m, { from: 'WALLET', to: 'PG', amount: 300.5 }, key());
    expect(into.statusCode).toBe(200);
    expect(into.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS', amount: 300.5 });
    expect(await balances(t, m)).toMatchObject({ wallet: 699.5, slots: { PG: 300.5 } });
    const out = await transfer(m, { from: 'PG', to: 'WALLET', amount: 100 }, key());
    expect(out.json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 799.5, slots: { PG: 200.5 } });
    const s = await statement(m);
    expect(s.total).toBe(3);
    expect(
      s.statements.map((r: { statementType: string; from: string; to: string; status: string }) => [
        r.statementType,
        r.from,
        r.to,
        r.status,
      ]),
    ).toEqual([
      ['transfer', 'PG', 'WALLET', 'SUCCESS'],
      ['transfer', 'WALLET', 'PG', 'SUCCESS'],
      ['deposit', 'BANK', 'WALLET', 'SUCCESS'],
    ]);
  });

  it('goes from game to game through the wallet', async () => {
    const m = await signedInMember(t, 500);
    await activate(t, m.token, 'PG');
    await activate(t, m.token, 'JOKER');
    await transfer(m, { from: 'WALLET', to: 'PG', amount: 200 }, key());
    const res = await transfer(m, { from: 'PG', to: 'JOKER', amount: 150 }, key());
    expect(res.json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 300, slots: { PG: 50, JOKER: 150 } });
  });

  it('refuses bad transfers with their code and moves nothing', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    const cases: [unknown, number, string][] = [
      [{ from: 'WALLET', to: 'PG', amount: 0.5 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'PG', amount: -5 }, 400, 'TRANSFER_MINIMUM'],
      [{ from: 'WALLET', to: 'PG', amount: 1.005 }, 400, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'PG', amount: 100.01 }, 400, 'MONEY_NOT_ENOUGH'],
      [{ from: 'WALLET', to: 'WALLET', amount: 10 }, 400, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'NOPE', amount: 10 }, 404, 'NO_GAME'],
      [{ from: 'WALLET', to: 'JOKER', amount: 10 }, 404, 'SLOT_NO_ACCOUNT'],
      [{ from: 'JOKER', to: 'WALLET', amount: 10 }, 404, 'SLOT_NO_ACCOUNT'],
      [{ from: 'WALLET', to: 'PG', amount: '10' }, 400, 'KEY_INVALID'],
      [{ from: 'WALLET', to: 'PG' }, 400, 'KEY_MISSING'],
      [{ from: 'WALLET', to: 'PG', amount: 1e308 }, 400, 'KEY_INVALID'],
    ];
    for (const [body, status, code] of cases) {
      const res = await transfer(m, body, key());
      expect([res.statusCode, res.json().message]).toEqual([status, code]);
    }
    expect(await balances(t, m)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
    expect((await statement(m)).total).toBe(1);
  });

  it('replays an Idempotency-Key: one movement, the first answer; another body with it is refused', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    const k = key();
    const first = await transfer(m, { from: 'WALLET', to: 'PG', amount: 40 }, k);
    const again = await Promise.all([1, 2, 3].map(() => transfer(m, { from: 'WALLET', to: 'PG', amount: 40 }, k)));
    for (const res of again) expect(res.json()).toEqual(first.json());
    expect(again.some((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
    const other = await transfer(m, { from: 'WALLET', to: 'PG', amount: 41 }, k);
    expect([other.statusCode, other.json().message]).toEqual([400, 'KEY_INVALID']);
    expect(await balances(t, m)).toMatchObject({ wallet: 60, slots: { PG: 40 } });
  });

  it('checks an unknown token and claims the key in one statement: same answers, nothing for a dead token', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    const k = key();
    const uncached = (body: unknown, withKey?: string) => {
      t.app.sessions.clearCache();
      return transfer(m, body, withKey);
    };
    const first = await uncached({ from: 'WALLET', to: 'PG', amount: 40 }, k);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', amount: 40 });
    const again = await uncached({ from: 'WALLET', to: 'PG', amount: 40 }, k);
    expect([again.json(), again.headers['idempotent-replayed']]).toEqual([first.json(), 'true']);
    const other = await uncached({ from: 'WALLET', to: 'PG', amount: 41 }, k);
    expect([other.statusCode, other.json().message]).toEqual([400, 'KEY_INVALID']);
    const bad = await uncached({ from: 'WALLET', to: 'PG', amount: 1 }, 'bad key!');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'KEY_INVALID']);
    expect((await uncached({ from: 'WALLET', to: 'PG', amount: 5 })).json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 55, slots: { PG: 45 } });
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, m.memberId));
    const dead = await uncached({ from: 'WALLET', to: 'PG', amount: 5 }, key());
    expect([dead.statusCode, dead.json()]).toEqual([401, { message: 'invalid-token' }]);
    const deadBadBody = await uncached({ from: 'WALLET', to: 'PG', amount: 'x' }, key());
    expect([deadBadBody.statusCode, deadBadBody.json()]).toEqual([401, { message: 'invalid-token' }]);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', payload: {} });
    expect([noToken.statusCode, noToken.json()]).toEqual([401, { message: 'invalid-token' }]);
    const [rows] = [await t.db.select().from(idempotencyRequests).where(eq(idempotencyRequests.memberId, m.memberId))];
    expect(rows.map((r) => [r.key, r.state])).toEqual([[k, 'DONE']]);
  });

  it('lets money out of a disabled game but not into it', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'HUAYHD');
    await transfer(m, { from: 'WALLET', to: 'HUAYHD', amount: 30 }, key());
    await t.db.update(games).set({ isEnabled: false }).where(eq(games.code, 'HUAYHD'));
    forgetCachedGames(t.db);
    try {
      const into = await transfer(m, { from: 'WALLET', to: 'HUAYHD', amount: 10 }, key());
      expect([into.statusCode, into.json().message]).toEqual([404, 'NO_GAME']);
      const out = await transfer(m, { from: 'HUAYHD', to: 'WALLET', amount: 30 }, key());
      expect(out.json().status).toBe('SUCCESS');
    } finally {
      await t.db.update(games).set({ isEnabled: true }).where(eq(games.code, 'HUAYHD'));
      forgetCachedGames(t.db);
    }
    expect((await balances(t, m)).wallet).toBe(100);
  });

  it('moves the whole wallet with transferAll', async () => {
    const m = await signedInMember(t, 123.45);
    await activate(t, m.token, 'SUPERSLOT');
    const res = await call(t, m, 'POST', '/api/wallet/transferAll', { to: 'SUPERSLOT' }, key());
    expect(res.json()).toMatchObject({ status: 'SUCCESS', amount: 123.45 });
    const empty = await call(t, m, 'POST', '/api/wallet/transferAll', { to: 'SUPERSLOT' }, key());
    expect(empty.json().message).toBe('TRANSFER_MINIMUM');
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { SUPERSLOT: 123.45 } });
  });
});

describe('transfers when the provider misbehaves', () => {
  const faults = () => t.ctx.gameProviders.sandbox!.faults;

  it('a refusal fails the transfer and returns the money', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    faults().set({ next: ['reject'], methods: ['deposit'] });
    const res = await transfer(m, { from: 'WALLET', to: 'PG', amount: 60 }, key());
    expect([res.statusCode, res.json().message]).toEqual([502, 'TRANSFER_FAIL']);
    expect(await balances(t, m)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
    expect((await statement(m)).statements[0]).toMatchObject({ statementType: 'transfer', status: 'FAILED' });
  });

  it('a timeout that applied nothing: the transfer id is voided, then refunded', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    faults().set({ next: ['timeout'], methods: ['deposit'] });
    const res = await transfer(m, { from: 'WALLET', to: 'PG', amount: 60 }, key());
    expect(res.json().message).toBe('TRANSFER_FAIL');
    expect(await balances(t, m)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
  });

  it('an applied transfer whose answer was lost is found applied and settled', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    faults().set({ next: ['lostResponse'], methods: ['withdraw', 'deposit'] });
    const res = await transfer(m, { from: 'WALLET', to: 'PG', amount: 60 }, key());
    expect(res.json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
  });

  it('out of a game while the provider cannot tell its balance: TRANSFER_FAIL, nothing moved (not a 500)', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    await transfer(m, { from: 'WALLET', to: 'PG', amount: 60 }, key());
    for (const fault of ['timeout', 'error5xx', 'lostResponse'] as const) {
      faults().set({ next: [fault], methods: ['balance'] });
      const res = await transfer(m, { from: 'PG', to: 'WALLET', amount: 10 }, key());
      expect([res.statusCode, res.json().message]).toEqual([502, 'TRANSFER_FAIL']);
    }
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
  });

  it('no answer at all: in progress on the statement until reconciliation settles it', async () => {
    const m = await signedInMember(t, 100);
    await activate(t, m.token, 'PG');
    faults().set({ next: ['lostResponse', 'error5xx'], methods: ['deposit', 'transferStatus'] });
    const res = await transfer(m, { from: 'WALLET', to: 'PG', amount: 60 }, key());
    expect(res.json()).toMatchObject({ message: 'PENDING', status: 'PENDING' });
    expect((await statement(m)).statements[0]).toMatchObject({ status: 'PENDING' });
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 0 } });
    expect(await checkLedger(t.db)).toEqual([]);
    faults().reset();
    const { createReconciler } = await import('./transfer-reconcile.job.ts');
    expect(await createReconciler(t.ctx).runOnce()).toBeGreaterThanOrEqual(1);
    expect((await statement(m)).statements[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
  });
});

describe('GET /api/wallet/refresh/slot', () => {
  it('books wins and losses at the provider into the game balance, not onto the statement', async () => {
    const m = await signedInMember(t, 100);
    const account = await activate(t, m.token, 'JOKER');
    await transfer(m, { from: 'WALLET', to: 'JOKER', amount: 50 }, key());
    await providerPlays(t, account.username, 2_500n);
    let res = await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect(res.json().slots.find((s: { code: string }) => s.code === 'JOKER').amount).toBe(75);
    await providerPlays(t, account.username, -7_000n);
    res = await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect(res.json().slots.find((s: { code: string }) => s.code === 'JOKER').amount).toBe(5);
    expect((await statement(m)).total).toBe(2);
    const out = await transfer(m, { from: 'JOKER', to: 'WALLET', amount: 5.01 }, key());
    expect(out.json().message).toBe('MONEY_NOT_ENOUGH');
  });

  it('takes a win into account before money comes out of a game', async () => {
    const m = await signedInMember(t, 10);
    const account = await activate(t, m.token, 'PG');
    await transfer(m, { from: 'WALLET', to: 'PG', amount: 10 }, key());
    await providerPlays(t, account.username, 90_00n);
    const out = await transfer(m, { from: 'PG', to: 'WALLET', amount: 100 }, key());
    expect(out.json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
  });
});
