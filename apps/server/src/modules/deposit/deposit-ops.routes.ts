// The console's deposits queue: permission deposits.assign on every call. Each decision names its
// reason and is audited with the staff member and this call's request id.
import {
  depositsPaths,
  ZOpsDepositAssign,
  ZOpsDepositDecided,
  ZOpsDepositList,
  ZOpsDepositMember,
  ZOpsDepositMemberQuery,
  ZOpsDepositParams,
  ZOpsDepositReject,
  ZOpsDepositsQuery,
} from '@krapao/contracts/ops/deposits';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createDepositOpsService } from './deposit-ops.service.ts';

const tags = ['ops'];
const ASSIGN = { permission: 'deposits.assign' } as const;

export async function depositOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createDepositOpsService(ctx);

  app.get(
    depositsPaths.list,
    { config: ASSIGN, schema: { tags, querystring: ZOpsDepositsQuery, response: { 200: ZOpsDepositList } } },
    async (req) => ({ items: await ops.list(req.query.limit) }),
  );
  app.get(
    depositsPaths.member,
    { config: ASSIGN, schema: { tags, querystring: ZOpsDepositMemberQuery, response: { 200: ZOpsDepositMember } } },
    (req) => ops.member(req.query.q),
  );
  app.post(
    depositsPaths.assign,
    {
      config: ASSIGN,
      schema: { tags, params: ZOpsDepositParams, body: ZOpsDepositAssign, response: { 200: ZOpsDepositDecided } },
    },
    (req) => ops.assign(req.params.reviewId, req.body.memberId, staffActOf(req, req.body.reason)),
  );
  app.post(
    depositsPaths.reject,
    {
      config: ASSIGN,
      schema: { tags, params: ZOpsDepositParams, body: ZOpsDepositReject, response: { 200: ZOpsDepositDecided } },
    },
    (req) => ops.reject(req.params.reviewId, staffActOf(req, req.body.reason)),
  );
}
