// On PostgreSQL, hits at the same moment are counted one by one: of 30, exactly one sees 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate limiter on PostgreSQL', () => {
  it('gives 30 parallel hits the counts 1..30, so a limit of one lets exactly one through', async () => {
    const key = `burst:${Date.now()}`;
    const counts = await Promise.all(Array.from({ length: 30 }, () => t.ctx.limiter.hit(key, 1)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
