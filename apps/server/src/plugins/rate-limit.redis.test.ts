// Two server instances behind one Redis share the per-IP request limit (DESIGN §10).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('per-IP request limit on Redis', () => {
  const env = { REDIS_URL: REDIS_URL ?? '', RATE_LIMIT_PER_MINUTE: '4', REDIS_PREFIX: `test-${randomUUID()}:` };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts requests of one IP across both instances', async () => {
    const hit = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress: '10.9.8.7' });
    const codes = [];
    for (const t of [a, b, a, b, a]) codes.push((await hit(t)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    const limited = await hit(b);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    expect((await a.app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress: '10.9.8.6' })).statusCode).toBe(
      200,
    );
  });
});
