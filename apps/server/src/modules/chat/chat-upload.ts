// Stores one uploaded chat file (docs/decisions/012): size-limited while it streams in, checked by
// its bytes, images re-encoded (chat-image.ts), written under UPLOAD_DIR with a random name,
// recorded against the conversation.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { CHAT_MAX_MB, chatPaths, UPLOAD_REFUSALS } from '@krapao/contracts/chat';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { multipartError } from '../../lib/multipart-errors.ts';
import type { ChatOwner, ChatRepository } from './chat.repository.ts';
import { ownerId } from './chat-identity.ts';
import { reencodeChatImage } from './chat-image.ts';
import { hasMarkup, sniffFile } from './file-sniff.ts';

export type UploadKind = 'image' | 'video';

const notSupported = () => new AppError('KEY_INVALID', { fields: ['file'], reason: UPLOAD_REFUSALS.notSupported });
const tooLarge = (kind: UploadKind) =>
  new AppError('KEY_INVALID', { fields: ['file'], reason: UPLOAD_REFUSALS.tooLarge, maxMb: CHAT_MAX_MB[kind] });

async function readAll(part: MultipartFile, kind: UploadKind): Promise<Buffer> {
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    throw multipartError(err, 'KEY_INVALID', { fields: ['file'] });
  }
  if (part.file.truncated) throw tooLarge(kind);
  return buf;
}

export async function storeUpload(
  ctx: AppContext,
  repo: ChatRepository,
  owner: ChatOwner,
  kind: UploadKind,
  part: MultipartFile | undefined,
): Promise<{ path: string }> {
  if (part?.fieldname !== 'file') throw new AppError('KEY_MISSING', { fields: ['file'] });
  const max = ctx.config.CHAT_UPLOAD_MAX_PER_HOUR;
  if (max > 0 && (await ctx.limiter.hit(`chat-upload:${ownerId(owner)}`, 60)) > max) {
    throw new AppError('REQUEST_LIMIT');
  }
  const buf = await readAll(part, kind);
  const sniffed = sniffFile(buf);
  if (!sniffed || sniffed.kind !== kind) throw notSupported();
  // Images are stored re-encoded; a video (not re-encoded here) is refused when it carries markup.
  const data =
    sniffed.ext === 'png' || sniffed.ext === 'jpg' || sniffed.ext === 'gif'
      ? await reencodeChatImage(buf, sniffed.ext)
      : hasMarkup(buf)
        ? null
        : buf;
  if (!data) throw notSupported();
  const name = `${randomBytes(16).toString('hex')}.${sniffed.ext}`;
  await mkdir(ctx.config.uploadDir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(ctx.config.uploadDir, name), data, { flag: 'wx', mode: 0o600 });
  const conversation = await repo.ensure(owner);
  await repo.insertUpload({ name, conversationId: conversation.id, kind, mime: sniffed.mime, size: data.length });
  return { path: `${chatPaths.files}/${name}` };
}
