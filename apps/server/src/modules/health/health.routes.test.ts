// Health probes as a load balancer sees them: live while the process answers, ready only while the
// database answers and carries this build's migrations; 503 in the catalogue's shape otherwise.
import { healthPaths } from '@krapao/contracts/health';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/health/live', () => {
  it('answers 200 JSON while the process is up', async () => {
    const res = await get(healthPaths.live);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ live: true });
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 with each check when the database answers at the expected migration', async () => {
    const res = await get(healthPaths.ready);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.ready).toBe(true);
    expect(body.checks).toMatchObject({
      accepting: { ok: true },
      database: { ok: true },
      migrations: { ok: true },
      jobs: { ok: true },
    });
    // No Redis configured here: no Redis check.
    expect(body.checks.redis).toBeUndefined();
  });

  it('is not the SPA: an unknown health path answers 404 JSON', async () => {
    const res = await get('/api/health/other');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_DATA' });
  });

  it('answers 503 with the failing check when the database does not answer', async () => {
    vi.spyOn(t.ctx.db, 'execute').mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.1:5432'));
    const res = await get(healthPaths.ready);
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'INTERNAL_SERVER_ERROR',
      ready: false,
      checks: { database: { ok: false, detail: 'unreachable' }, accepting: { ok: true } },
    });
    // What failed, never where: no address or driver text leaves the server.
    expect(res.body).not.toContain('10.0.0.1');
  });

  it('answers 503 when a check hangs, within its deadline', async () => {
    vi.spyOn(t.ctx.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    const started = Date.now();
    const res = await get(healthPaths.ready);
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toEqual({ ok: false, detail: 'no answer in 2000 ms' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stays ready while the site is closed (members get gone, probes do not)', async () => {
    await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: false } });
    try {
      expect((await get('/api/wallet')).statusCode).toBe(410);
      expect((await get(healthPaths.ready)).statusCode).toBe(200);
      expect((await get(healthPaths.live)).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active: true } });
    }
  });

  // Last: it takes the newest migration's record away.
  it('answers 503 when the database lacks the newest migration of this build', async () => {
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await get(healthPaths.ready);
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.migrations).toMatchObject({ ok: false });
    expect(res.json().checks.migrations.detail).toMatch(/expected \d+/);
  });
});
