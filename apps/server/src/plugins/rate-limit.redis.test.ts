// Two server instances behind one Redis share the per-IP request limit (docs/architecture.md §7).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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

  it('keeps its counters under REDIS_PREFIX', async () => {
    const ip = `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250)).join('.')}`;
    await a.app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress: ip });
    const redis = new Redis(REDIS_URL ?? '');
    try {
      const keys = await redis.keys(`*${ip}`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(env.REDIS_PREFIX))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});
