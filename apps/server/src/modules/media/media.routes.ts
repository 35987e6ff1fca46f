// POST /api/ops/images (settings.manage): one operator image in, its public address out.
// GET /files/banners/:name: the image, for every visitor of the member site and the console, from
// any instance (the store is shared); the name is random and never reused, so it is cached forever.
import multipart from '@fastify/multipart';
import { BANNER_IMAGE_MAX_MB, mediaPaths, ZBannerFileParams, ZImageUploadResponse } from '@krapao/contracts/ops/media';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';
import { multipartError } from '../../lib/multipart-errors.ts';
import { staffActOf } from '../staff/index.ts';
import { bannerImage, MB, storeBannerImage } from './media.service.ts';

export async function mediaRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Another module may have registered multipart for the whole app already; limits are per request.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = typed(fastify);

  app.post(
    mediaPaths.upload,
    {
      config: { permission: 'settings.manage' },
      schema: { tags: ['ops'], consumes: ['multipart/form-data'], response: { 200: ZImageUploadResponse } },
    },
    async (req) => {
      let part: Awaited<ReturnType<typeof req.file>>;
      try {
        part = await req.file({ limits: { fileSize: BANNER_IMAGE_MAX_MB * MB, files: 1, fields: 2, parts: 3 } });
      } catch (err) {
        throw multipartError(err, 'KEY_INVALID', { fields: ['file'] });
      }
      return storeBannerImage(ctx, part, staffActOf(req));
    },
  );

  app.get(
    `${mediaPaths.banners}/:name`,
    { schema: { tags: ['media'], params: ZBannerFileParams, response: { 200: z.unknown() } } },
    async (req, reply) => {
      const file = await bannerImage(ctx, req.params.name);
      if (!file) throw new AppError('NO_DATA');
      return reply
        .type(file.mime)
        .header('content-length', file.bytes.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
}
