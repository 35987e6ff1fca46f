// The console's slips queue: permission slips.review on every call. Each decision is audited with
// the staff member, the reason and this call; the image opens by a signed link from the list.
import {
  slipsPaths,
  ZOpsSlipCredit,
  ZOpsSlipDecided,
  ZOpsSlipImageParams,
  ZOpsSlipImageQuery,
  ZOpsSlipList,
  ZOpsSlipParams,
  ZOpsSlipReject,
  ZOpsSlipsQuery,
} from '@krapao/contracts/ops/slips';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';
import { staffActOf } from '../../staff/index.ts';
import { createSlipOpsService } from './slip-ops.service.ts';

const tags = ['ops'];
const REVIEW = { permission: 'slips.review' } as const;

export async function slipOpsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const ops = createSlipOpsService(ctx);

  app.get(
    slipsPaths.list,
    { config: REVIEW, schema: { tags, querystring: ZOpsSlipsQuery, response: { 200: ZOpsSlipList } } },
    async (req) => ({ items: await ops.list(req.query) }),
  );
  app.post(
    slipsPaths.credit,
    {
      config: REVIEW,
      schema: { tags, params: ZOpsSlipParams, body: ZOpsSlipCredit, response: { 200: ZOpsSlipDecided } },
    },
    (req) => {
      const { reason, ...credit } = req.body;
      return ops.credit(req.params.slipId, credit, staffActOf(req, reason));
    },
  );
  app.post(
    slipsPaths.reject,
    {
      config: REVIEW,
      schema: { tags, params: ZOpsSlipParams, body: ZOpsSlipReject, response: { 200: ZOpsSlipDecided } },
    },
    (req) => ops.reject(req.params.slipId, staffActOf(req, req.body.reason)),
  );

  // An <img> of the console (same origin, the session cookie goes with it); the signature limits
  // the link to the slips the list showed, for a few minutes.
  app.get(
    slipsPaths.image,
    {
      config: REVIEW,
      schema: { tags, params: ZOpsSlipImageParams, querystring: ZOpsSlipImageQuery },
      // After the app-wide hook that marks every API answer no-store.
      onSend: async (_req, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (req, reply) => {
      const image = await ops.image(req.params.reference, req.query.exp, req.query.sig);
      // Forged, expired or for another slip: a link that is no longer good, not a missing permission.
      if (!image) throw new AppError('KEY_INVALID', { reason: 'image-link' });
      return reply
        .type(image.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(image.data);
    },
  );
}
