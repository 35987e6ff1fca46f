// Staff accounts, as owners and admins manage them (permission `staff.manage`; owners and admins
// as targets also need `staff.manage-admins`, checked by the service).
import { opsPaths } from '@krapao/contracts/ops/paths';
import {
  ZStaff,
  ZStaffCreateRequest,
  ZStaffEnrolLink,
  ZStaffList,
  ZStaffParams,
  ZStaffReasonRequest,
  ZStaffRoleRequest,
} from '@krapao/contracts/ops/staff';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffOf } from './ops-guard.plugin.ts';
import { createStaffService } from './staff.service.ts';

const tags = ['ops'];
const MANAGE = { permission: 'staff.manage' } as const;

export async function staffRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const staff = createStaffService(ctx);

  app.get(opsPaths.staff, { config: MANAGE, schema: { tags, response: { 200: ZStaffList } } }, async () => ({
    items: await staff.list(),
  }));

  app.post(
    opsPaths.staff,
    { config: MANAGE, schema: { tags, body: ZStaffCreateRequest, response: { 200: ZStaffEnrolLink } } },
    (req) => staff.create(staffOf(req), req.body, { requestId: req.id }),
  );

  app.post(
    opsPaths.staffRole,
    { config: MANAGE, schema: { tags, params: ZStaffParams, body: ZStaffRoleRequest, response: { 200: ZStaff } } },
    (req) =>
      staff.setRole(staffOf(req), req.params.staffId, req.body.role, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    opsPaths.staffDisable,
    { config: MANAGE, schema: { tags, params: ZStaffParams, body: ZStaffReasonRequest, response: { 200: ZStaff } } },
    (req) => staff.disable(staffOf(req), req.params.staffId, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    opsPaths.staffEnable,
    { config: MANAGE, schema: { tags, params: ZStaffParams, body: ZStaffReasonRequest, response: { 200: ZStaff } } },
    (req) => staff.enable(staffOf(req), req.params.staffId, { requestId: req.id, reason: req.body.reason }),
  );

  app.post(
    opsPaths.staffReEnrol,
    {
      config: MANAGE,
      schema: { tags, params: ZStaffParams, body: ZStaffReasonRequest, response: { 200: ZStaffEnrolLink } },
    },
    (req) => staff.reEnrol(staffOf(req), req.params.staffId, { requestId: req.id, reason: req.body.reason }),
  );
}
