// Two server instances on one PostgreSQL (and one Redis when REDIS_URL is set), each with its own
// database pool and caches, as two machines have: a setting or a game state changed by staff through
// A is served at once by A, and by B once its cache (SETTINGS_CACHE_MS, GAMES_CACHE_MS) runs out,
// polled up to a deadline of a few times that.
import { randomUUID } from 'node:crypto';
import { gamesPath } from '@krapao/contracts/ops/games';
import type { TSlot } from '@krapao/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstanceOwnPool, type TestApp, within } from '../../test/test-app.ts';
import { createSettingsChange } from '../lookup/index.ts';
import { SETTINGS_CACHE_MS } from '../lookup/settings.repository.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, type Member, signedInMember } from '../wallet/testing.ts';
import { GAMES_CACHE_MS } from './games.repository.ts';
import { activate } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;
let keys = 0;
const key = () => `across-instances-${Date.now()}-${++keys}`;

describe.skipIf(process.env.TEST_DB !== 'pg')('console changes seen by another instance', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: SignedInStaff;
  beforeAll(async () => {
    a = await createTestApp(REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` } : {});
    // B opens the same database through its own pool: its caches are its own, as on another machine.
    b = await secondInstanceOwnPool(a);
    admin = await signedInStaff(a, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves the registration OTP setting changed through A from B within SETTINGS_CACHE_MS', async () => {
    const registerOtp = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/lookup/registerOTP' })).json().registerOTP as boolean;
    expect([await registerOtp(a), await registerOtp(b)]).toEqual([false, false]); // B has it cached now

    await createSettingsChange(a.ctx).set('registerOTP', true, {
      staffId: admin.id,
      reason: 'turn on OTP',
      requestId: randomUUID(),
    });
    expect(await registerOtp(a)).toBe(true);
    await within(5 * SETTINGS_CACHE_MS, async () => await registerOtp(b));
  });

  it('serves a game put under maintenance, then off, through A from B within GAMES_CACHE_MS', async () => {
    const m = await signedInMember(a, 500);
    const newcomer = await signedInMember(a, 0);
    await activate(a, m.token, 'HUAYHD');
    const slotOn = async (t: TestApp, member: Member) =>
      ((await call(t, member, 'GET', '/api/wallet')).json().slots as TSlot[]).find((s) => s.code === 'HUAYHD');
    expect(await slotOn(b, m)).not.toHaveProperty('maintenanceMessage'); // B has the catalogue cached now

    const update = (body: object) => opsCall(a, admin, 'POST', gamesPath.update('HUAYHD'), body);
    const paused = await update({ state: 'maintenance', maintenanceMessage: 'back at 14:00', reason: 'upgrade' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await slotOn(a, m)).toMatchObject({ maintenanceMessage: 'back at 14:00' });
    await within(5 * GAMES_CACHE_MS, async () => (await slotOn(b, m))?.maintenanceMessage === 'back at 14:00');
    const into = await call(b, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'HUAYHD', amount: 100 }, key());
    expect(into.json().message).toBe('GAME_MAINTENANCE');
    expect((await call(b, newcomer, 'GET', '/api/wallet/activate/HUAYHD')).json().message).toBe('GAME_MAINTENANCE');

    expect((await update({ state: 'off', reason: 'provider gone' })).statusCode).toBe(200);
    await within(5 * GAMES_CACHE_MS, async () => (await slotOn(b, m))?.isOff === true);
    expect(await slotOn(b, newcomer)).toBeUndefined();
    expect((await call(b, newcomer, 'GET', '/api/wallet/activate/HUAYHD')).json().message).toBe('NO_GAME');
    expect((await call(b, m, 'GET', '/api/wallet')).json().wallet.amount).toBe(500);
  });
});
