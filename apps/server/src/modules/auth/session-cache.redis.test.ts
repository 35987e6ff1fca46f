// Two server instances on one database behind one Redis (docs/architecture.md §7, decision 034): each keeps
// verified sessions in memory, and a logout or password change on A refuses the token on B at once.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { changePassword, newMember, post, profile } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('session cache across two instances on Redis', () => {
  // A long TTL: a refusal on B can only come from the revocation message, not from expiry.
  const env = { REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: `test-${randomUUID()}:`, SESSION_CACHE_MS: '60000' };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(env);
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const revokeBehindTheBack = (token: string) =>
    a.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));

  it('refuses on B, on the next request, a token logged out on A', async () => {
    const m = await newMember(a);
    const control = (await post(a, '/api/login', { username: m.username, password: m.password })).json().token;
    for (const token of [m.token, control]) expect((await profile(b, token)).statusCode).toBe(200);
    // B answers from memory: a revocation it is not told about does not reach it (within the TTL).
    await revokeBehindTheBack(control);
    expect((await profile(b, control)).statusCode).toBe(200);

    expect((await post(a, '/api/logout', {}, { token: m.token })).json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(b, m.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await profile(a, m.token)).statusCode).toBe(401);
  });

  it('tells B’s revocation listeners of a logout and a password change on A before A answers', async () => {
    const m = await newMember(a);
    const onB: unknown[] = [];
    const off = b.app.sessions.onRevoked((r) => onB.push(r));
    const { sessionId } = (await a.app.sessions.verify(m.token))!;
    expect((await post(a, '/api/logout', {}, { token: m.token })).statusCode).toBe(200);
    expect(onB).toEqual([{ sessionId }]);
    const again = (await post(a, '/api/login', { username: m.username, password: m.password })).json().token;
    expect((await changePassword(a, again, m.password, 'brand-new-2')).statusCode).toBe(200);
    expect(onB).toEqual([{ sessionId }, { memberId: m.id }]);
    off();
  });

  it('refuses on B every token of a member whose password changed on A', async () => {
    const m = await newMember(a);
    const other = (await post(b, '/api/login', { username: m.username, password: m.password })).json().token;
    for (const token of [m.token, other]) expect((await profile(b, token)).statusCode).toBe(200);
    const res = await changePassword(a, m.token, m.password, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    for (const token of [m.token, other]) {
      expect((await profile(b, token)).json()).toEqual({ message: 'invalid-token' });
    }
    expect((await profile(b, res.json().token)).statusCode).toBe(200);
  });
});
