import { protectionPaths } from '@krapao/contracts/protection';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { protectionExclusions } from '../../db/schema/protection.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';
import { eventDetails, events, HOUR_MS, pcall } from './protection-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(memberId: number): Promise<Member> {
  const member = await createMemberRepository(t.db).byId(memberId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member!.username, password: 'secret123' },
    remoteAddress: `10.2.${memberId % 250}.${(memberId * 3) % 250}`,
  });
  expect(res.statusCode).toBe(200);
  return { memberId, token: res.json().token };
}

const exclude = (m: Member, body: unknown) => pcall(t, m, 'POST', protectionPaths.exclusion, body);
const rowsOf = (memberId: number) =>
  t.db.select().from(protectionExclusions).where(eq(protectionExclusions.memberId, memberId));
const liveSessions = (memberId: number) =>
  t.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));

describe('POST /api/protection/exclusion', () => {
  it('starts a time-out at once and signs the member out everywhere; signing in again shows it', async () => {
    const m = await signedInMember(t, 0);
    const other = await signIn(m.memberId);
    expect((await pcall(t, other, 'GET', protectionPaths.state)).statusCode).toBe(200);
    const before = Date.now();
    const res = await exclude(m, { kind: 'TIMEOUT', duration: '24h' });
    expect(res.statusCode).toBe(200);
    const exclusion = res.json().exclusion;
    expect(exclusion.kind).toBe('TIMEOUT');
    const span = Date.parse(exclusion.endsAt) - Date.parse(exclusion.startsAt);
    expect(span).toBe(24 * HOUR_MS);
    expect(Date.parse(exclusion.startsAt)).toBeGreaterThanOrEqual(before - 1000);

    // Both devices are signed out, in the database too.
    for (const token of [m.token, other.token]) {
      const refused = await pcall(t, { ...m, token }, 'GET', protectionPaths.state);
      expect(refused.statusCode).toBe(401);
    }
    expect(await liveSessions(m.memberId)).toEqual([]);
    expect(await rowsOf(m.memberId)).toHaveLength(1);
    const started = (await eventDetails(t, m.memberId)).filter(([kind]) => kind === 'EXCLUSION_STARTED');
    expect(started.map(([, detail]) => detail)).toMatchObject([
      { kind: 'TIMEOUT', duration: '24h', endsAt: exclusion.endsAt },
    ]);

    const again = await signIn(m.memberId);
    const state = await pcall(t, again, 'GET', protectionPaths.state);
    expect(state.json().exclusion).toEqual(exclusion);
  });

  it('counts self-exclusions in calendar months and years, and permanent has no end', async () => {
    for (const [duration, months] of [
      ['6m', 6],
      ['1y', 12],
      ['5y', 60],
    ] as const) {
      const m = await signedInMember(t, 0);
      const res = await exclude(m, { kind: 'SELF_EXCLUSION', duration });
      const { startsAt, endsAt } = res.json().exclusion;
      const expected = new Date(startsAt);
      expected.setUTCMonth(expected.getUTCMonth() + months);
      expect(endsAt, duration).toBe(expected.toISOString());
    }
    const m = await signedInMember(t, 0);
    const res = await exclude(m, { kind: 'SELF_EXCLUSION', duration: 'permanent' });
    expect(res.json().exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
    expect((await rowsOf(m.memberId))[0]!.endsAt).toBeNull();
  });

  it('takes a second one only when it ends later, and never shortens the one in force', async () => {
    const first = await signedInMember(t, 0);
    expect((await exclude(first, { kind: 'TIMEOUT', duration: '7d' })).statusCode).toBe(200);
    let m = await signIn(first.memberId);
    const shorter = await exclude(m, { kind: 'TIMEOUT', duration: '24h' });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().message).toBe('KEY_INVALID');
    expect(await rowsOf(m.memberId)).toHaveLength(1);
    // Refused: the member stays signed in.
    expect((await pcall(t, m, 'GET', protectionPaths.state)).statusCode).toBe(200);

    expect((await exclude(m, { kind: 'SELF_EXCLUSION', duration: '6m' })).statusCode).toBe(200);
    m = await signIn(m.memberId);
    expect((await exclude(m, { kind: 'SELF_EXCLUSION', duration: 'permanent' })).statusCode).toBe(200);
    m = await signIn(m.memberId);
    for (const duration of ['5y', 'permanent'] as const) {
      const res = await exclude(m, { kind: 'SELF_EXCLUSION', duration });
      expect(res.statusCode, duration).toBe(400);
    }
    expect(await rowsOf(m.memberId)).toHaveLength(3);
    expect((await events(t, m.memberId, 'EXCLUSION_STARTED')).length).toBe(3);
    const state = await pcall(t, m, 'GET', protectionPaths.state);
    expect(state.json().exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
  });
});
