// A deposit limit chosen in step 4 of registration: written with the member, or nothing at all.
import { protectionPaths } from '@krapao/contracts/protection';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { protectionEvents, protectionLimits } from '../../db/schema/protection.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { post, registration } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCount = 0;
const freshIp = () => `10.32.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
const register = (body: unknown) => post(t, '/api/account', body, { ip: freshIp() });
const memberCount = async () => (await t.db.select({ n: count() }).from(members))[0]!.n;

async function signIn(username: string, password: string) {
  const res = await post(t, '/api/login', { username, password }, { ip: freshIp() });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

async function stateOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: protectionPaths.state, headers: headers(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const limitEvents = (memberId: number) =>
  t.db
    .select()
    .from(protectionEvents)
    .where(and(eq(protectionEvents.memberId, memberId), eq(protectionEvents.kind, 'LIMIT_SET')))
    .orderBy(asc(protectionEvents.id));

describe('POST /api/account with a deposit limit', () => {
  it('writes the 24-hour deposit limit and a LIMIT_SET event with the member', async () => {
    const body = registration({ depositLimitDay: 1500.5 });
    const res = await register(body);
    expect(res.json()).toEqual({ message: 'SUCCESS', _id: expect.stringMatching(/^\d+$/) });
    const id = Number(res.json()._id);
    const rows = await t.db.select().from(protectionLimits).where(eq(protectionLimits.memberId, id));
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', period: 'DAY', amount: 150_050n, pendingAmount: null }),
    ]);
    const events = await limitEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({
      kind: 'DEPOSIT',
      period: 'DAY',
      currency: 'BAHT',
      amount: 1500.5,
      source: 'REGISTRATION',
    });
    const state = await stateOf(await signIn(body.username, body.password));
    expect(state.limits).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', period: 'DAY', amount: 1500.5, used: 0, remaining: 1500.5 }),
    ]);
  });

  it('writes no limit when none is given, absent or null', async () => {
    for (const body of [registration(), registration({ depositLimitDay: null })]) {
      const res = await register(body);
      expect(res.json().message).toBe('SUCCESS');
      const id = Number(res.json()._id);
      expect(await t.db.select().from(protectionLimits).where(eq(protectionLimits.memberId, id))).toEqual([]);
      expect(await limitEvents(id)).toEqual([]);
      expect((await stateOf(await signIn(body.username, body.password))).limits).toEqual([]);
    }
  });

  it('refuses a bad limit with KEY_INVALID naming the field and creates nobody', async () => {
    const before = await memberCount();
    for (const depositLimitDay of [0, -10, 0.001, 1e13, '100', true]) {
      const body = registration({ depositLimitDay: depositLimitDay as number });
      const res = await register(body);
      expect(res.statusCode, String(depositLimitDay)).toBe(400);
      expect(res.json(), String(depositLimitDay)).toEqual({ message: 'KEY_INVALID', fields: ['depositLimitDay'] });
      expect(await t.db.select().from(members).where(eq(members.username, body.username))).toEqual([]);
    }
    expect(await memberCount()).toBe(before);
  });

  it('lets step 3 validate whatever limit is sent: the limit is only read on registration', async () => {
    const res = await post(t, '/api/account/validate', registration({ depositLimitDay: 100 }), { ip: freshIp() });
    expect(res.json()).toEqual({ message: 'OK' });
  });
});
