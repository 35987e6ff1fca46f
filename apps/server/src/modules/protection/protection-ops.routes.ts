// The console's player protection: a member's limits, exclusions and history and the report of limit
// hits (protection.read); ending an exclusion after its minimum term, with a reason (protection.end).

import { ZMemberParams } from '@krapao/contracts/ops/members';
import {
  opsProtectionPaths,
  ZEndExclusionRequest,
  ZOpsExclusionParams,
  ZOpsMemberProtection,
  ZProtectionReport,
  ZProtectionReportQuery,
} from '@krapao/contracts/ops/protection';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import type { ReasonedAct } from '../audit/index.ts';
import { createProtectionOpsService } from './protection-ops.service.ts';

const tags = ['ops'];
const READ = { permission: 'protection.read' } as const;

/** The staff module's staffActOf, passed in by the composition root. */
export type ReasonedActOf = (req: FastifyRequest, reason: string) => ReasonedAct;

export async function protectionOpsRoutes(
  fastify: FastifyInstance,
  { ctx, actOf }: { ctx: AppContext; actOf: ReasonedActOf },
) {
  const app = typed(fastify);
  const svc = createProtectionOpsService(ctx);

  app.get(
    opsProtectionPaths.member,
    { config: READ, schema: { tags, params: ZMemberParams, response: { 200: ZOpsMemberProtection } } },
    (req) => svc.member(req.params.memberId),
  );

  app.post(
    opsProtectionPaths.endExclusion,
    {
      config: { permission: 'protection.end' },
      schema: {
        tags,
        params: ZOpsExclusionParams,
        body: ZEndExclusionRequest,
        response: { 200: ZOpsMemberProtection },
      },
    },
    async (req) => {
      await svc.endExclusion(actOf(req, req.body.reason), req.params.memberId, req.params.exclusionId);
      return svc.member(req.params.memberId);
    },
  );

  app.get(
    opsProtectionPaths.report,
    { config: READ, schema: { tags, querystring: ZProtectionReportQuery, response: { 200: ZProtectionReport } } },
    (req) => svc.report(req.query),
  );
}
