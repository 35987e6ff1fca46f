// Hooks only some routes need are hooks of those routes: the console's cookies and door on every
// /api/ops route and on no other, the idempotency claim on the `config.idempotent` routes only, and
// every route with hook lists of its own even where its module shares one options object between
// routes. The site switch is read from the settings cache, and waits for it only when it loads.
import { accountPaths } from '@krapao/contracts/account';
import { IDEMPOTENCY_HEADER } from '@krapao/contracts/http';
import { OPS_SESSION_COOKIE, opsPaths } from '@krapao/contracts/ops/paths';
import { walletPaths } from '@krapao/contracts/wallet';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsCall, signedInStaff } from '../modules/staff/testing.ts';
import { type Member, signedInMember } from '../modules/wallet/testing.ts';
import { createTestApp, headers, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let m: Member;
beforeAll(async () => {
  t = await createTestApp();
  m = await signedInMember(t, 0);
});
afterAll(() => t.close());

const memberCall = (url: string, extra: Record<string, string> = {}, method: InjectOptions['method'] = 'GET') =>
  t.app.inject({ method, url, headers: { ...headers(m.token), ...extra } });

describe('the console door', () => {
  it('refuses every console route that is not public without a staff session', async () => {
    const guarded = t.app.opsRoutes.filter((r) => !r.isPublic);
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:\w+/g, '1'),
        ...(['GET', 'HEAD'].includes(route.method) ? {} : { payload: {} }),
      });
      const seen = { route: `${route.method} ${route.url}`, status: res.statusCode };
      expect(seen).toEqual({ ...seen, status: 401 });
      if (route.method !== 'HEAD') expect(res.json(), seen.route).toEqual({ message: 'OPS_SIGNED_OUT' });
    }
  });

  it('reads the session cookie on console routes', async () => {
    const staff = await signedInStaff(t, 'support');
    const me = await opsCall(t, staff, 'GET', opsPaths.me);
    expect(me.statusCode).toBe(200);
  });

  it('is not a hook of member routes: a member call with a dead console cookie is answered', async () => {
    const res = await memberCall(walletPaths.wallet, { cookie: `${OPS_SESSION_COOKIE}=not-a-session` });
    expect(res.statusCode).toBe(200);
  });
});

describe('the idempotency claim', () => {
  it('replays a repeated key and refuses a malformed one on an idempotent route', async () => {
    const key = `route-hooks-${m.memberId}`;
    const first = await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: key }, 'PUT');
    expect(first.statusCode).toBe(200);
    const again = await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: key }, 'PUT');
    expect([again.statusCode, again.headers['idempotent-replayed'], again.json()]).toEqual([200, 'true', first.json()]);
    const malformed = await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: 'x' }, 'PUT');
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, 'KEY_INVALID']);
  });

  it('is not a hook of other routes: a key there is neither checked nor claimed', async () => {
    // GET of the same path: authenticated the same way (the session is known before any preHandler).
    const malformed = await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: 'x' });
    expect(malformed.statusCode).toBe(200);
    const key = `route-hooks-get-${m.memberId}`;
    await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: key });
    const again = await memberCall(accountPaths.agreement, { [IDEMPOTENCY_HEADER]: key });
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, undefined]);
  });
});

describe('route hook lists', () => {
  it('hold the hooks compress and rate limit add once on every route, also where routes share their options', () => {
    // @fastify/compress adds a hook named `onRequest` to each route, then @fastify/rate-limit its own.
    const pair = '"onRequest()","anonymous()"';
    const listed = t.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
    const counts = listed.filter((line) => line.includes('• (onRequest)')).map((line) => line.split(pair).length - 1);
    expect(counts.filter((n) => n === 1).length).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBe(1);
  });
});

describe('the site switch', () => {
  const setActive = (active: boolean) =>
    t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { active } }).then((r) => r.statusCode);

  it('answers gone while loading the setting and from the cached setting, then opens again the same way', async () => {
    expect(await setActive(false)).toBe(200);
    // The first call after the change loads the setting; the next ones read it from the cache.
    for (let i = 0; i < 3; i++) {
      const closed = await memberCall(walletPaths.wallet);
      expect([closed.statusCode, closed.json()]).toEqual([410, { message: 'gone' }]);
    }
    expect(await setActive(true)).toBe(200);
    for (let i = 0; i < 3; i++) expect((await memberCall(walletPaths.wallet)).statusCode).toBe(200);
  });
});
