// The console's stuck-transfers queue: permission transfers.settle on every call. Reconciling and
// settling by hand are audited with the staff member, the reason and this call.
import {
  transfersPaths,
  ZOpsTransferDecided,
  ZOpsTransferList,
  ZOpsTransferParams,
  ZOpsTransferProviderAnswer,
  ZOpsTransferReconcile,
  ZOpsTransferSettle,
  ZOpsTransfersQuery,
} from '@krapao/contracts/ops/transfers';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { staffActOf } from '../staff/index.ts';
import { createTransferOpsService } from './transfer-ops.service.ts';

const tags = ['ops'];
const SETTLE = { permission: 'transfers.settle' } as const;

export async function transferOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createTransferOpsService(ctx);

  app.get(
    transfersPaths.list,
    { config: SETTLE, schema: { tags, querystring: ZOpsTransfersQuery, response: { 200: ZOpsTransferList } } },
    (req) => ops.list(req.query.limit),
  );
  app.get(
    transfersPaths.providerAnswer,
    { config: SETTLE, schema: { tags, params: ZOpsTransferParams, response: { 200: ZOpsTransferProviderAnswer } } },
    (req) => ops.providerAnswer(req.params.transferId),
  );
  app.post(
    transfersPaths.reconcile,
    {
      config: SETTLE,
      schema: { tags, params: ZOpsTransferParams, body: ZOpsTransferReconcile, response: { 200: ZOpsTransferDecided } },
    },
    (req) => ops.reconcile(req.params.transferId, staffActOf(req, req.body.reason)),
  );
  app.post(
    transfersPaths.settle,
    {
      config: SETTLE,
      schema: { tags, params: ZOpsTransferParams, body: ZOpsTransferSettle, response: { 200: ZOpsTransferDecided } },
    },
    (req) => ops.settle(req.params.transferId, req.body.outcome, staffActOf(req, req.body.reason)),
  );
}
