// Two server instances on one database behind one Redis (docs/architecture.md §7, decision 034): each keeps
// verified sessions in memory, and a logout or password change on A refuses the token on B at once.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, secondInstance, type TestApp, within } from '../../test/test-app.ts';
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

  it('speaks the wire of the instances before it, so a rolling deploy loses no revocation', async () => {
    const channel = `${env.REDIS_PREFIX}sessions:revoked`;
    const older = new Redis(REDIS_URL ?? '');
    const olderSub = new Redis(REDIS_URL ?? '');
    const heard: { channel: string; msg: Record<string, unknown> }[] = [];
    olderSub.on('message', (ch: string, text: string) => heard.push({ channel: ch, msg: JSON.parse(text) }));
    await olderSub.subscribe(channel, `${channel}:ack`);
    try {
      // An older instance revokes: its message is flat, and both A and B acknowledge in its shape.
      const m = await newMember(a);
      expect((await profile(b, m.token)).statusCode).toBe(200);
      const { sessionId } = (await b.app.sessions.verify(m.token))!;
      await revokeBehindTheBack(m.token);
      await older.publish(channel, JSON.stringify({ from: 'older', id: 'r-1', revocation: { sessionId } }));
      const acks = () => heard.filter((h) => h.channel === `${channel}:ack` && h.msg.to === 'older');
      await within(5_000, async () => acks().length === 2);
      expect(acks().map((h) => h.msg.id)).toEqual(['r-1', 'r-1']);
      expect((await profile(b, m.token)).json()).toEqual({ message: 'invalid-token' });

      // A logout on A reaches the older instance in the shape it reads.
      const n = await newMember(a);
      const revoked = (await a.app.sessions.verify(n.token))!.sessionId;
      expect((await post(a, '/api/logout', {}, { token: n.token })).statusCode).toBe(200);
      const sent = heard.find((h) => h.channel === channel && h.msg.from !== 'older');
      expect(sent?.msg).toMatchObject({ id: expect.any(String), revocation: { sessionId: revoked } });
    } finally {
      older.disconnect();
      olderSub.disconnect();
    }
  });
});
