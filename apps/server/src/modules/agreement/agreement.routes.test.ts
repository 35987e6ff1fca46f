import { accountPaths } from '@krapao/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { type Member, signedInMember } from '../wallet/testing.ts';

let t: TestApp;
let clock = new Date('2025-03-01T10:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

function agreement(m: Member | null, method: 'GET' | 'PUT', opts: { payload?: unknown; key?: string } = {}) {
  return t.app.inject({
    method,
    url: accountPaths.agreement,
    payload: opts.payload as never,
    headers: { ...headers(m?.token), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
  });
}

describe('GET / PUT /api/account/agreement', () => {
  it('not accepted at first; PUT records the acceptance and GET then shows it', async () => {
    const m = await signedInMember(t, 0);
    const before = await agreement(m, 'GET');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ accepted: false, acceptedAt: null });

    const put = await agreement(m, 'PUT', { key: 'agree-first-1' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ accepted: true, acceptedAt: clock.toISOString() });
    expect((await agreement(m, 'GET')).json()).toEqual({ accepted: true, acceptedAt: clock.toISOString() });
  });

  it('accepting again (body {} or none, new key or none) keeps the first acceptedAt', async () => {
    const m = await signedInMember(t, 0);
    const first = clock.toISOString();
    await agreement(m, 'PUT', { payload: {} });
    clock = new Date(clock.getTime() + 86_400_000);
    const again = await agreement(m, 'PUT', { key: 'agree-again-1' });
    expect(again.json()).toEqual({ accepted: true, acceptedAt: first });
    const third = await agreement(m, 'PUT', { payload: {}, key: 'agree-again-2' });
    expect(third.json()).toEqual({ accepted: true, acceptedAt: first });
  });

  it("one member's acceptance is not another's", async () => {
    const a = await signedInMember(t, 0);
    const b = await signedInMember(t, 0);
    await agreement(a, 'PUT');
    expect((await agreement(b, 'GET')).json()).toEqual({ accepted: false, acceptedAt: null });
  });

  it('a body with anything in it is refused and records nothing', async () => {
    const m = await signedInMember(t, 0);
    const res = await agreement(m, 'PUT', { payload: { accepted: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_INVALID');
    expect((await agreement(m, 'GET')).json()).toEqual({ accepted: false, acceptedAt: null });
  });

  it('needs a session', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await agreement(null, method);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
  });
});
