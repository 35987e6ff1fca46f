// POST /api/chat/upload-image and /api/chat/upload-video: multipart with one `file` part.
import multipart from '@fastify/multipart';
import { CHAT_MAX_MB, chatPaths, MB, ZUploadResponse } from '@krapao/contracts/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { multipartError } from '../../lib/multipart-errors.ts';
import { createChatRepository } from './chat.repository.ts';
import { resolveHeaderOwner } from './chat-identity.ts';
import { storeUpload, type UploadKind } from './chat-upload.ts';

export async function chatUploadRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Another module may have registered multipart for the whole app already; either way the limits
  // below are set per request.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = typed(fastify);
  const repo = createChatRepository(ctx.db);
  const tags = ['chat'];

  const upload = (url: string, kind: UploadKind) =>
    app.post(
      url,
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZUploadResponse } } },
      async (req) => {
        // Who uploads is known before a byte of the file is read.
        const owner = await resolveHeaderOwner(app, req);
        let part: Awaited<ReturnType<typeof req.file>>;
        try {
          part = await req.file({ limits: { fileSize: CHAT_MAX_MB[kind] * MB, files: 1, fields: 2, parts: 3 } });
        } catch (err) {
          throw multipartError(err, 'KEY_INVALID', { fields: ['file'] });
        }
        return storeUpload(ctx, repo, { owner, ip: req.ip, kind, part });
      },
    );

  upload(chatPaths.uploadImage, 'image');
  upload(chatPaths.uploadVideo, 'video');
}
