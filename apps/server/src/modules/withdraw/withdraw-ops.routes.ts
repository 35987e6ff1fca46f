// The console's withdrawals queue (decision 063): permission withdrawals.review, and withdrawals.bulk
// to approve many at once. Each decision is audited with the staff member, the reason and this call.
import {
  withdrawalsPaths,
  ZOpsBulkApprove,
  ZOpsBulkApproveResult,
  ZOpsWithdrawalApprove,
  ZOpsWithdrawalDecided,
  ZOpsWithdrawalList,
  ZOpsWithdrawalMarkPaid,
  ZOpsWithdrawalParams,
  ZOpsWithdrawalReject,
  ZOpsWithdrawalsQuery,
} from '@krapao/contracts/ops/withdrawals';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createWithdrawOpsService } from './withdraw-ops.service.ts';

const tags = ['ops'];
const REVIEW = { permission: 'withdrawals.review' } as const;
const BULK = { permission: 'withdrawals.bulk' } as const;

export async function withdrawOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createWithdrawOpsService(ctx);
  const one = <Body extends z.ZodType>(body: Body) => ({
    config: REVIEW,
    schema: { tags, params: ZOpsWithdrawalParams, body, response: { 200: ZOpsWithdrawalDecided } },
  });

  app.get(
    withdrawalsPaths.list,
    { config: REVIEW, schema: { tags, querystring: ZOpsWithdrawalsQuery, response: { 200: ZOpsWithdrawalList } } },
    async (req) => ({ items: await ops.list(req.query) }),
  );
  app.post(withdrawalsPaths.approve, one(ZOpsWithdrawalApprove), (req) =>
    ops.approve(req.params.withdrawalId, staffActOf(req, req.body.reason)),
  );
  app.post(withdrawalsPaths.reject, one(ZOpsWithdrawalReject), (req) =>
    ops.reject(req.params.withdrawalId, staffActOf(req, req.body.reason)),
  );
  app.post(withdrawalsPaths.markPaid, one(ZOpsWithdrawalMarkPaid), (req) =>
    ops.markPaid(req.params.withdrawalId, req.body.bankRef, staffActOf(req, req.body.reason)),
  );
  app.post(
    withdrawalsPaths.bulkApprove,
    { config: BULK, schema: { tags, body: ZOpsBulkApprove, response: { 200: ZOpsBulkApproveResult } } },
    (req) => ops.bulkApprove(req.body, staffActOf(req, req.body.reason)),
  );
}
