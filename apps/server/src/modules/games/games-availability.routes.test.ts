// What a member may do with a game the console turned off or put under maintenance: an off game in
// which the member has an account stays listed (isOff) so its money can come out, and nothing goes
// in; neither an off game nor one under maintenance opens an account or hands out a launch link.
import { gamesPath } from '@krapao/contracts/ops/games';
import type { TSlot } from '@krapao/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderPlayers } from '../../db/schema/demo-provider.ts';
import { gameAccounts } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
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
const key = () => `games-availability-${Date.now()}-${++keys}`;
async function setState(code: string, body: object) {
  const res = await opsCall(t, admin, 'POST', gamesPath.update(code), body);
  expect(res.statusCode, res.body).toBe(200);
}
const transfer = (m: Member, body: object) => call(t, m, 'POST', '/api/wallet/transfer', body, key());
const slotsOf = async (m: Member): Promise<TSlot[]> => (await call(t, m, 'GET', '/api/wallet')).json().slots;
const slotOf = async (m: Member, code: string) => (await slotsOf(m)).find((s) => s.code === code);

/** What an account opening leaves behind for one game: our account row, the ledger account, the provider player. */
async function traces(m: Member, code: string) {
  const count = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  const n = sql<number>`count(*)::int`;
  return {
    accounts: await count(
      t.db
        .select({ n })
        .from(gameAccounts)
        .where(and(eq(gameAccounts.memberId, m.memberId), eq(gameAccounts.gameCode, code))),
    ),
    ledger: await count(
      t.db
        .select({ n })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, m.memberId), eq(ledgerAccounts.code, code))),
    ),
    providerPlayers: await count(
      t.db.select({ n }).from(demoProviderPlayers).where(eq(demoProviderPlayers.gameCode, code)),
    ),
  };
}

describe('a game turned off', () => {
  it('stays listed, flagged off, to a member with an account in it; money only comes out', async () => {
    const m = await signedInMember(t, 1000);
    const stranger = await signedInMember(t, 10);
    const { username } = await activate(t, m.token, 'JOKER');
    expect((await transfer(m, { from: 'WALLET', to: 'JOKER', amount: 400 })).json().status).toBe('SUCCESS');
    expect(await slotOf(m, 'JOKER')).not.toHaveProperty('isOff');

    await setState('JOKER', { state: 'off', reason: 'contract ended' });
    expect(await slotOf(m, 'JOKER')).toMatchObject({ isOff: true, isActive: true, amount: 400 });
    expect(await slotOf(m, 'JOKER')).not.toHaveProperty('maintenanceMessage');
    expect((await slotsOf(m)).filter((s) => s.isOff).map((s) => s.code)).toEqual(['JOKER']);
    expect((await slotsOf(stranger)).map((s) => s.code)).not.toContain('JOKER');

    // Winnings still at the provider are booked and shown by the balance refresh.
    await providerPlays(t, username, 5_000n);
    const refreshed = await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect(refreshed.json().slots.find((s: TSlot) => s.code === 'JOKER')).toMatchObject({ isOff: true, amount: 450 });

    const into = await transfer(m, { from: 'WALLET', to: 'JOKER', amount: 100 });
    expect([into.statusCode, into.json().message]).toEqual([404, 'NO_GAME']);
    const all = await call(t, m, 'POST', '/api/wallet/transferAll', { to: 'JOKER' }, key());
    expect(all.json().message).toBe('NO_GAME');
    expect(await balances(t, m)).toMatchObject({ wallet: 600, slots: { JOKER: 450 } });

    expect((await transfer(m, { from: 'JOKER', to: 'WALLET', amount: 450 })).json().status).toBe('SUCCESS');
    expect(await balances(t, m)).toMatchObject({ wallet: 1050, slots: { JOKER: 0 } });
    expect(await slotOf(m, 'JOKER')).toMatchObject({ isOff: true, amount: 0 });

    await setState('JOKER', { state: 'on' });
    expect(await slotOf(m, 'JOKER')).not.toHaveProperty('isOff');
    expect((await slotsOf(stranger)).map((s) => s.code)).toContain('JOKER');
  });
});

describe('opening an account and launching', () => {
  it.each([
    [
      'under maintenance',
      { state: 'maintenance', maintenanceMessage: 'back at 14:00', reason: 'upgrade' },
      409,
      'GAME_MAINTENANCE',
    ],
    ['off', { state: 'off', reason: 'provider down' }, 404, 'NO_GAME'],
  ])('is refused for a game %s, and nothing is created', async (_, body, status, code) => {
    const owner = await signedInMember(t, 0);
    const newcomer = await signedInMember(t, 0);
    const { username } = await activate(t, owner.token, 'PG');
    const launchOf = (m: Member, user: string) => call(t, m, 'GET', `/api/autoLogin/pg/${user}`);
    const before = await traces(newcomer, 'PG');
    expect(before).toMatchObject({ accounts: 0, ledger: 0 });

    await setState('PG', body);
    try {
      const opened = await call(t, newcomer, 'GET', '/api/wallet/activate/PG');
      expect([opened.statusCode, opened.json().message]).toEqual([status, code]);
      expect(await traces(newcomer, 'PG')).toEqual(before);

      const launch = await launchOf(owner, username);
      expect([launch.statusCode, launch.json()]).toEqual([status, { message: code }]);
      // Someone else's account stays unknown whatever the game's state.
      expect((await launchOf(newcomer, username)).json().message).toBe('SLOT_NO_ACCOUNT');
    } finally {
      await setState('PG', { state: 'on' });
    }
    expect((await launchOf(owner, username)).json()).toEqual({ link: expect.any(String) });
    expect((await call(t, newcomer, 'GET', '/api/wallet/activate/PG')).json().message).toBe('SUCCESS');
  });
});
