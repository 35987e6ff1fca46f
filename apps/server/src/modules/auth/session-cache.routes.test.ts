// The in-process session cache (decision 034): a verified token is served from memory, so a change
// made behind the app's back shows only after SESSION_CACHE_MS; logout and password change, which
// go through the session service, refuse the old token on the very next request.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { changePassword, newMember, post, profile } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  // A long TTL: anything refused below was dropped from the cache, not timed out of it.
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
});
afterAll(() => t.close());

/** Revokes a session in the database only, as a script or another tool would. */
const revokeBehindTheBack = (app: TestApp, token: string) =>
  app.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));

describe('session cache', () => {
  it('serves a verified token from memory until the cache is told otherwise', async () => {
    const m = await newMember(t);
    expect((await profile(t, m.token)).statusCode).toBe(200);
    await revokeBehindTheBack(t, m.token);
    // Still trusted: the database was changed without telling the cache.
    expect((await profile(t, m.token)).statusCode).toBe(200);
    t.app.sessions.clearCache();
    expect((await profile(t, m.token)).json()).toEqual({ message: 'invalid-token' });
  });

  it('refuses a cached token on the next request after its logout', async () => {
    const m = await newMember(t);
    const other = (await post(t, '/api/login', { username: m.username, password: m.password })).json().token;
    for (const token of [m.token, m.token, other]) expect((await profile(t, token)).statusCode).toBe(200);
    const out = await post(t, '/api/logout', {}, { token: m.token });
    expect(out.json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(t, m.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await profile(t, other)).statusCode).toBe(200);
  });

  it('refuses every cached token of a member on the next request after a password change', async () => {
    const m = await newMember(t);
    const other = (await post(t, '/api/login', { username: m.username, password: m.password })).json().token;
    for (const token of [m.token, other]) expect((await profile(t, token)).statusCode).toBe(200);
    const res = await changePassword(t, m.token, m.password, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    for (const token of [m.token, other]) {
      expect((await profile(t, token)).json()).toEqual({ message: 'invalid-token' });
    }
    expect((await profile(t, res.json().token)).statusCode).toBe(200);
  });

  it('drops a member whose status changed once told through forgetMember', async () => {
    const m = await newMember(t);
    const n = await newMember(t);
    for (const token of [m.token, n.token]) expect((await profile(t, token)).statusCode).toBe(200);
    await t.app.sessions.forgetMember(m.id);
    await revokeBehindTheBack(t, m.token);
    await revokeBehindTheBack(t, n.token);
    expect((await profile(t, m.token)).statusCode).toBe(401);
    // Another member's entry is untouched (and still served from memory).
    expect((await profile(t, n.token)).statusCode).toBe(200);
  });
});

describe('session cache lifetime', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ SESSION_CACHE_MS: '1000', SESSION_CACHE_MAX: '2' });
  });
  afterAll(() => short.close());

  it('asks the database again after SESSION_CACHE_MS', async () => {
    const m = await newMember(short);
    expect((await profile(short, m.token)).statusCode).toBe(200);
    await revokeBehindTheBack(short, m.token);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await profile(short, m.token)).statusCode).toBe(401);
  });

  it('keeps at most SESSION_CACHE_MAX entries, the oldest going first', async () => {
    const [a, b, c] = [await newMember(short), await newMember(short), await newMember(short)];
    for (const m of [a, b, c]) expect((await profile(short, m.token)).statusCode).toBe(200);
    for (const m of [a, b, c]) await revokeBehindTheBack(short, m.token);
    // a was evicted (the database answers); b and c are still in memory.
    expect((await profile(short, a.token)).statusCode).toBe(401);
    expect((await profile(short, c.token)).statusCode).toBe(200);
  });
});
