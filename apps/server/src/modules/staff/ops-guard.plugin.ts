// The operator console's door (decision 061). Every route under /api/ops names in its options the
// permission it needs (`config: { permission }`), or null when being signed in is enough; a route
// that names none stops the app from starting. Sign-in and enrolment are also `opsPublic`: no
// session, no CSRF token. Every other call needs the session cookie, and a call that changes
// something also the CSRF token of that session in OPS_CSRF_HEADER. A member's bearer token is
// never looked at here.
import cookie from '@fastify/cookie';
import { OPS_CSRF_HEADER, OPS_SESSION_COOKIE } from '@krapao/contracts/ops/paths';
import { PERMISSION_NAMES, type Permission, roleMay } from '@krapao/contracts/ops/roles';
import type { DoneFuncWithErrOrRes, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual, sha256 } from '../../lib/tokens.ts';
import type { StaffSession } from './staff-session.repository.ts';
import { createStaffSessionCheck } from './staff-session-check.ts';

export const OPS_PREFIX = '/api/ops';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Under /api/ops: the permission the route needs, or null when signed in (or `opsPublic`) is enough. */
    permission?: Permission | null;
    /** Under /api/ops: anyone may call it (sign-in, enrolment). */
    opsPublic?: boolean;
  }
  interface FastifyInstance {
    /** Every /api/ops route and what it needs, as registered (the permission tests walk it). */
    opsRoutes: OpsRoute[];
  }
  interface FastifyRequest {
    staff: StaffSession | null;
  }
}

export type OpsRoute = { method: string; url: string; permission: Permission | null; isPublic: boolean };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isOpsPath = (url: string) => url === OPS_PREFIX || url.startsWith(`${OPS_PREFIX}/`);

/** The signed-in staff member of this call; a route without one answers OPS_SIGNED_OUT. */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staff) throw new AppError('OPS_SIGNED_OUT');
  return request.staff;
}

export const opsGuardPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  const sessions = createStaffSessionCheck(ctx);
  // Cookies are read only on console routes (`readCookies` below), not on every request.
  await app.register(cookie, { hook: false });
  app.decorate('opsRoutes', [] as OpsRoute[]);
  app.decorateRequest('staff', null);

  app.addHook('onRoute', (route) => {
    if (!isOpsPath(route.url)) return;
    const config = route.config ?? {};
    const permission = config.permission;
    const methods = [route.method].flat();
    const where = `${methods.join(',')} ${route.url}`;
    if (permission === undefined) throw new Error(`${where} names no permission (config.permission, or null)`);
    if (permission !== null && !PERMISSION_NAMES.includes(permission)) {
      throw new Error(`${where} names an unknown permission: ${permission}`);
    }
    if (config.opsPublic && permission !== null) throw new Error(`${where} is public and names a permission`);
    for (const method of methods)
      app.opsRoutes.push({ method, url: route.url, permission, isPublic: !!config.opsPublic });
    // The cookies, then the door (on each console route that is not public), first among the route's own.
    const own = route.onRequest;
    const first = config.opsPublic ? [readCookies] : [readCookies, guard];
    route.onRequest = [...first, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });

  /** `request.cookies`, as @fastify/cookie's own hook parses it. */
  function readCookies(request: FastifyRequest, _reply: FastifyReply, done: DoneFuncWithErrOrRes) {
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    done();
  }

  async function guard(request: FastifyRequest) {
    const { permission } = request.routeOptions.config;
    const session = await sessions.open(request.cookies[OPS_SESSION_COOKIE]);
    if (!session) throw new AppError('OPS_SIGNED_OUT');
    if (!SAFE_METHODS.has(request.method)) {
      const csrf = request.headers[OPS_CSRF_HEADER];
      if (typeof csrf !== 'string' || !safeEqual(sha256(csrf), session.csrfHash)) throw new AppError('OPS_CSRF');
    }
    if (permission && !roleMay(session.role, permission)) throw new AppError('OPS_FORBIDDEN');
    request.staff = session;
  }
});
