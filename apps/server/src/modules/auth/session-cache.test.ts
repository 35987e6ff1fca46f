// The session cache on its own (decision 034): lifetime, expiry, eviction, revocation while a
// lookup is in flight, and no caching at all while the revocation channel is not there.
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionCache, type SessionCache } from './session-cache.ts';

const HOUR = 3_600_000;
let clock = Date.parse('2026-01-01T00:00:00Z');
const opened: SessionCache[] = [];
function cache(opts: Partial<Parameters<typeof createSessionCache>[0]> = {}) {
  const c = createSessionCache({ ttlMs: 60_000, max: 100, now: () => new Date(clock), channel: 'test', ...opts });
  opened.push(c);
  return c;
}
const session = (sessionId: number, memberId = 1, expiresAt = new Date(clock + HOUR)) => ({
  sessionId,
  memberId,
  expiresAt,
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe('session cache', () => {
  it('answers what was set, and forgets it after its TTL', async () => {
    const c = cache({ ttlMs: 30 });
    c.set('a', session(1), c.begin());
    expect(c.get('a')).toMatchObject({ sessionId: 1, memberId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(c.get('a')).toBeNull();
  });

  it('never answers a session past its expiry, whatever the TTL', () => {
    const c = cache();
    c.set('a', session(1, 1, new Date(clock + 1_000)), c.begin());
    expect(c.get('a')).not.toBeNull();
    clock += 1_000;
    expect(c.get('a')).toBeNull();
  });

  it('does not keep a lookup that began before a revocation', async () => {
    const c = cache();
    const since = c.begin();
    await c.revoke({ sessionId: 99 });
    c.set('a', session(1), since);
    expect(c.get('a')).toBeNull();
  });

  it('drops one session, or every session of a member', async () => {
    const c = cache();
    const since = c.begin();
    c.set('a', session(1, 1), since);
    c.set('b', session(2, 1), since);
    c.set('c', session(3, 2), since);
    await c.revoke({ sessionId: 1 });
    expect([c.get('a'), c.get('b'), c.get('c')].map((s) => s?.sessionId ?? null)).toEqual([null, 2, 3]);
    await c.revoke({ memberId: 1 });
    expect([c.get('b'), c.get('c')].map((s) => s?.sessionId ?? null)).toEqual([null, 3]);
  });

  it('tells of every revocation once its entries are gone, even with the cache off', async () => {
    const told: { revocation: unknown; cached: unknown }[] = [];
    const c = cache({ onRevocation: (r) => told.push({ revocation: r, cached: c.get('a') }) });
    c.set('a', session(1, 7), c.begin());
    await c.revoke({ memberId: 7 });
    await c.revoke({ sessionId: 3 });
    expect(told).toEqual([
      { revocation: { memberId: 7 }, cached: null },
      { revocation: { sessionId: 3 }, cached: null },
    ]);
    const off: unknown[] = [];
    await cache({ ttlMs: 0, onRevocation: (r) => off.push(r) }).revoke({ sessionId: 4 });
    expect(off).toEqual([{ sessionId: 4 }]);
  });

  it('keeps at most `max` entries, dropping the oldest', () => {
    const c = cache({ max: 2 });
    for (const [i, hash] of ['a', 'b', 'c'].entries()) c.set(hash, session(i), c.begin());
    expect([c.get('a'), c.get('b'), c.get('c')].map((s) => s?.sessionId ?? null)).toEqual([null, 1, 2]);
  });

  it('keeps nothing when turned off', () => {
    const c = cache({ ttlMs: 0 });
    c.set('a', session(1), c.begin());
    expect(c.get('a')).toBeNull();
  });

  it('keeps nothing while the revocation channel cannot be reached, and still answers a revoke', async () => {
    const c = cache({ redisUrl: 'redis://127.0.0.1:1' });
    await c.start(200);
    c.set('a', session(1), c.begin());
    expect(c.get('a')).toBeNull();
    const started = Date.now();
    await c.revoke({ sessionId: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
