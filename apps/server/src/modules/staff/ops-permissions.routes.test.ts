// Every /api/ops route, as registered, against every role: refused with OPS_FORBIDDEN exactly when
// ROLE_PERMISSIONS says the role lacks the route's permission. A new route is covered by being there.
import { opsPaths } from '@krapao/contracts/ops/paths';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@krapao/contracts/ops/roles';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsGuardPlugin } from './ops-guard.plugin.ts';
import { opsCall, type SignedInStaff, signedInStaff } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A body every route refuses (strict schemas), so an allowed call changes nothing. */
const PROBE = { __probe: true };

describe('the permission of every console route', () => {
  it('names one on every route; only sign-in, enrolment and the session itself name none', () => {
    const routes = t.app.opsRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(opsPaths).length);
    const open = routes.filter((r) => r.permission === null).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(
      [
        `POST ${opsPaths.login}`,
        `GET ${opsPaths.enrol}`,
        `POST ${opsPaths.enrol}`,
        `GET ${opsPaths.me}`,
        `POST ${opsPaths.logout}`,
        `POST ${opsPaths.logoutAll}`,
      ].sort(),
    );
    expect(routes.filter((r) => r.isPublic).map((r) => r.url)).toEqual([
      opsPaths.login,
      opsPaths.enrol,
      opsPaths.enrol,
    ]);
  });

  it('refuses a role exactly when ROLE_PERMISSIONS leaves the permission out', async () => {
    const byRole = {} as Record<(typeof STAFF_ROLES)[number], SignedInStaff>;
    for (const role of STAFF_ROLES) byRole[role] = await signedInStaff(t, role);
    const guarded = t.app.opsRoutes.filter((r) => r.permission !== null && r.method !== 'HEAD');
    for (const route of guarded) {
      for (const role of STAFF_ROLES) {
        const url = route.url.replace(':staffId', String(byRole.support.id));
        const res = await opsCall(
          t,
          byRole[role],
          route.method as 'GET',
          url,
          route.method === 'GET' ? undefined : PROBE,
        );
        const isAllowed = ROLE_PERMISSIONS[role].includes(route.permission!);
        const seen = { route: `${route.method} ${route.url}`, role, forbidden: res.json().message === 'OPS_FORBIDDEN' };
        expect(seen).toEqual({ ...seen, forbidden: !isAllowed });
        if (isAllowed) expect(res.statusCode, `${seen.route} as ${role}`).toBeLessThan(500);
      }
    }
  });

  it('names the same permission in the OpenAPI document (x-permission), for outside checkers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = t.app.opsRoutes.filter((r) => r.method !== 'HEAD');
    const toDoc = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const documented = routes.map((r) => {
      const op = doc.paths[toDoc(r.url)]?.[r.method.toLowerCase()];
      return { route: `${r.method} ${r.url}`, permission: op?.['x-permission'], isPublic: op?.['x-ops-public'] };
    });
    expect(documented).toEqual(
      routes.map((r) => ({ route: `${r.method} ${r.url}`, permission: r.permission, isPublic: r.isPublic })),
    );
    expect(doc.paths['/api/login'].post['x-permission']).toBeUndefined();
  });

  it('stops the app from starting when an /api/ops route names no permission', async () => {
    const app = Fastify();
    await app.register(opsGuardPlugin, { ctx: t.ctx });
    app.register(async (routes) => {
      routes.get('/api/ops/forgotten', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/names no permission/);
    const other = Fastify();
    await other.register(opsGuardPlugin, { ctx: t.ctx });
    expect(() =>
      other.get('/api/ops/typo', { config: { permission: 'staff.everything' as never } }, async () => ({})),
    ).toThrow(/unknown permission/);
    await other.close();
  });
});
