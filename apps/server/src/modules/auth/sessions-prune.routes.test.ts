// Ended sessions past the 30 days an address stays known are deleted; a live session, and an ended
// one young enough to make its address known, are kept.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { createSessionsPrune } from './sessions-prune.job.ts';
import { newMember, post } from './testing.ts';

// Above the sign-ins the test makes from new addresses, so that only the guesses below reach it.
const CEILING = 6;
let t: TestApp;
beforeAll(async () => {
  // Every call asks the database, so the answers below show what the prune left.
  t = await createTestApp({ SESSION_CACHE_MS: '0', LOGIN_ACCOUNT_MAX_ATTEMPTS: String(CEILING) });
});
afterAll(() => t.close());

const login = async (username: string, password: string, ip: string) => {
  const res = await post(t, '/api/login', { username, password }, { ip });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};
const logout = async (token: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headers(token) });
  expect(res.statusCode).toBe(200);
};
const wallet = (token: string) => t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers(token) });
/** Moves the session made from `ip` back in time: made `createdDaysAgo`, ending `expiresInDays` from now. */
const age = (ip: string, createdDaysAgo: number, expiresInDays: number) =>
  t.ctx.db
    .update(sessions)
    .set({
      createdAt: sql`now() - make_interval(days => ${createdDaysAgo})`,
      expiresAt: sql`now() + make_interval(days => ${expiresInDays})`,
    })
    .where(eq(sessions.ip, ip));
const ipsOf = async (memberIds: number[]) =>
  (await t.ctx.db.select({ ip: sessions.ip }).from(sessions).where(inArray(sessions.memberId, memberIds)))
    .map((s) => s.ip)
    .sort();

describe('ended sessions prune', () => {
  it('deletes ended sessions older than 30 days, keeps live and younger ones', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    await logout(m.token);
    await logout(other.token);
    const oldLive = await login(m.username, m.password, '10.77.0.1');
    await age('10.77.0.1', 31, 9);
    const oldExpired = await login(m.username, m.password, '10.77.0.2');
    await age('10.77.0.2', 31, -24);
    await logout(await login(m.username, m.password, '10.77.0.3'));
    await age('10.77.0.3', 31, 6);
    await logout(await login(m.username, m.password, '10.77.0.4'));
    await age('10.77.0.4', 29, 6);
    const otherIp = (await ipsOf([other.id]))[0]!;
    await age(otherIp, 40, -33);
    expect(await ipsOf([m.id, other.id])).toHaveLength(6);

    // Batches of two: the pass goes on until a batch comes back short.
    const deleted = await createSessionsPrune(t.ctx, 2).runOnce();

    expect(deleted).toBe(3);
    expect((await ipsOf([m.id, other.id])).filter((ip) => ip?.startsWith('10.77.'))).toEqual([
      '10.77.0.1',
      '10.77.0.4',
    ]);
    expect(await ipsOf([other.id])).toEqual([]);
    expect((await wallet(oldLive)).statusCode).toBe(200);
    expect((await wallet(oldExpired)).statusCode).toBe(401);
    expect(await createSessionsPrune(t.ctx).runOnce()).toBe(0);

    // The kept address is still known: once guesses from elsewhere spend the account's ceiling, the
    // member still signs in from it, and not from a new address.
    let refused = 0;
    for (let i = 1; i <= CEILING + 1 && refused === 0; i++) {
      const guess = await post(t, '/api/login', { username: m.username, password: 'not-it-1' }, { ip: `10.78.0.${i}` });
      if (guess.json().message === 'REQUEST_LIMIT') refused = i;
    }
    expect(refused).toBeGreaterThan(0);
    const right = { username: m.username, password: m.password };
    expect((await post(t, '/api/login', right, { ip: '10.78.0.99' })).json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await post(t, '/api/login', right, { ip: '10.77.0.4' })).statusCode).toBe(200);
  });
});
