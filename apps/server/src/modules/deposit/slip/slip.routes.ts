// POST /api/wallet/slip (multipart), the member's slip list, the signed link that shows a slip
// image in a new tab, and the console's slips queue.
import multipart from '@fastify/multipart';
import { SLIP_UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { SLIP_FILE_FIELD, SLIP_MAX_BYTES, ZSlipUploadResponse } from '@krapao/contracts/deposit';
import {
  statementPaths,
  ZSlipListRequest,
  ZSlipListResponse,
  ZSlipReferenceParams,
  ZSlipReferenceResponse,
} from '@krapao/contracts/statement';
import { walletPaths } from '@krapao/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';
import { multipartError } from '../../../lib/multipart-errors.ts';
import { memberOf } from '../../../plugins/authenticate.ts';
import { createSlipService } from './slip.service.ts';
import { notAnImage } from './slip-file.ts';
import { slipOpsRoutes } from './slip-ops.routes.ts';

const ZSlipImageQuery = z.object({ exp: z.string().max(16).optional(), sig: z.string().max(128).optional() });

/** The one file part, read whole within SLIP_MAX_BYTES. */
async function slipFileOf(req: FastifyRequest): Promise<Buffer> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('SLIP_NO_FILE');
    throw multipartError(err, 'SLIP_UPLOAD_FAIL');
  }
  if (!part || part.fieldname !== SLIP_FILE_FIELD) throw new AppError('SLIP_NO_FILE');
  const tooLarge = () => new AppError('SLIP_INVALID_FILE', { reason: 'tooLarge', maxBytes: SLIP_MAX_BYTES });
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw multipartError(err, 'SLIP_UPLOAD_FAIL');
  }
  if (part.file.truncated) throw tooLarge();
  if (buf.length === 0) throw notAnImage();
  return buf;
}

export async function slipRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Another module may have registered multipart for the whole app already; the limits are per request.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = typed(fastify);
  const slips = createSlipService(ctx);
  const member = { onRequest: [app.authenticate] };
  // The console's queue of slips waiting for a person.
  await fastify.register(slipOpsRoutes, { ctx });

  app.post(
    walletPaths.slip,
    {
      onRequest: [
        async (req) => {
          // A slow upload on a poor connection may take minutes, not longer.
          req.raw.socket?.setTimeout?.(SLIP_UPLOAD_TIMEOUT_MS);
        },
        app.authenticate,
      ],
      schema: { tags: ['wallet'], consumes: ['multipart/form-data'], response: { 200: ZSlipUploadResponse } },
    },
    async (req) => {
      const { memberId } = memberOf(req);
      await slips.assertMayUpload(memberId, req.ip);
      const file = await slipFileOf(req);
      return slips.upload(memberId, file, (err) => req.log.error({ err }, 'slip verification failed'));
    },
  );

  app.post(
    statementPaths.slip,
    { ...member, schema: { tags: ['statement'], body: ZSlipListRequest, response: { 200: ZSlipListResponse } } },
    (req) => slips.list(memberOf(req).memberId, req.body.page, req.body.limit),
  );

  app.get(
    statementPaths.slipReference,
    {
      ...member,
      schema: { tags: ['statement'], params: ZSlipReferenceParams, response: { 200: ZSlipReferenceResponse } },
    },
    (req) => slips.referenceUrl(memberOf(req).memberId, req.params.reference),
  );

  // Opened in a new tab: no bearer token, the signature is the permission.
  app.get(
    statementPaths.slipImage,
    {
      schema: { tags: ['statement'], params: ZSlipReferenceParams, querystring: ZSlipImageQuery },
      // After the app-wide hook that marks every API answer no-store.
      onSend: async (_req, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (req, reply) => {
      const image = await slips.image(req.params.reference, req.query.exp, req.query.sig);
      if (!image) return reply.code(403).send({ message: 'UNAUTHORIZED' });
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
