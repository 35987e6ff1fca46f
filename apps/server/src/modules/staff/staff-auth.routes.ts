// Sign-in, enrolment and the session of the operator console. The session travels in cookies
// (ops-cookies.ts), never in a body.
import { ZMessageResponse } from '@krapao/contracts/http';
import { ZOpsEnrolInfo, ZOpsEnrolRequest, ZOpsLoginRequest, ZOpsSessionResponse } from '@krapao/contracts/ops/auth';
import { opsPaths } from '@krapao/contracts/ops/paths';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { clearSessionCookies, setSessionCookies } from './ops-cookies.ts';
import { staffOf } from './ops-guard.plugin.ts';
import { createStaffAuthService, me } from './staff-auth.service.ts';

const ZEnrolParams = z.strictObject({ token: z.string().min(1).max(200) });
/** No body, or an empty JSON object. */
const ZNoBody = z.strictObject({}).nullish();
const tags = ['ops'];
const PUBLIC = { permission: null, opsPublic: true } as const;
const SIGNED_IN = { permission: null } as const;

export async function staffAuthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const auth = createStaffAuthService(ctx);

  app.post(
    opsPaths.login,
    { config: PUBLIC, schema: { tags, body: ZOpsLoginRequest, response: { 200: ZOpsSessionResponse } } },
    async (req, reply) => {
      const { opened, me } = await auth.login(req.body, { ip: req.ip, requestId: req.id });
      setSessionCookies(reply, ctx.config, opened, ctx.now());
      return { staff: me };
    },
  );

  app.get(
    opsPaths.enrol,
    { config: PUBLIC, schema: { tags, params: ZEnrolParams, response: { 200: ZOpsEnrolInfo } } },
    (req) => auth.enrolInfo(req.params.token),
  );

  app.post(
    opsPaths.enrol,
    {
      config: PUBLIC,
      schema: { tags, params: ZEnrolParams, body: ZOpsEnrolRequest, response: { 200: ZOpsSessionResponse } },
    },
    async (req, reply) => {
      const { opened, me } = await auth.enrol(req.params.token, req.body, { ip: req.ip, requestId: req.id });
      setSessionCookies(reply, ctx.config, opened, ctx.now());
      return { staff: me };
    },
  );

  app.get(opsPaths.me, { config: SIGNED_IN, schema: { tags, response: { 200: ZOpsSessionResponse } } }, (req) => {
    const s = staffOf(req);
    return { staff: me({ id: s.staffId, username: s.username, displayName: s.displayName, role: s.role }) };
  });

  app.post(
    opsPaths.logout,
    { config: SIGNED_IN, schema: { tags, body: ZNoBody, response: { 200: ZMessageResponse } } },
    async (req, reply) => {
      await auth.logout(staffOf(req), { ip: req.ip, requestId: req.id });
      clearSessionCookies(reply, ctx.config);
      return { message: 'SUCCESS' };
    },
  );

  app.post(
    opsPaths.logoutAll,
    { config: SIGNED_IN, schema: { tags, body: ZNoBody, response: { 200: ZMessageResponse } } },
    async (req, reply) => {
      await auth.logoutAll(staffOf(req), { ip: req.ip, requestId: req.id });
      clearSessionCookies(reply, ctx.config);
      return { message: 'SUCCESS' };
    },
  );
}
