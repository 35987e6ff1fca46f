// Stores one uploaded chat file (docs/decisions/012): size-limited while it streams in, checked by
// its bytes, images re-encoded (lib/image-reencode.ts), stored under `chat/` with a random name,
// recorded against the conversation with the address it came from. Guests choose their own ids, so
// a guest's uploads are also counted, and their bytes capped, per source address.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { CHAT_MAX_MB, chatPaths, MB, UPLOAD_REFUSALS } from '@krapao/contracts/chat';
import { fileKey } from '../../adapters/storage/storage.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sourceOf } from '../../lib/client-source.ts';
import { hasMarkup, sniffFile } from '../../lib/file-sniff.ts';
import { reencodeImage } from '../../lib/image-reencode.ts';
import { multipartError } from '../../lib/multipart-errors.ts';
import type { ChatOwner, ChatRepository } from './chat.repository.ts';
import { ownerId } from './chat-identity.ts';

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

const DAY_MS = 24 * 60 * 60_000;

/** The store's key of an upload, by its name in chat_uploads. */
export const chatFileKey = (name: string) => fileKey('chat', name);

/** Per owner, and for a guest per address too; counted before a byte of the file is read. */
async function checkCounts(ctx: AppContext, owner: ChatOwner, ip: string) {
  const max = ctx.config.CHAT_UPLOAD_MAX_PER_HOUR;
  if (max > 0 && (await ctx.limiter.hit(`chat-upload:${ownerId(owner)}`, 60)) > max) {
    throw new AppError('REQUEST_LIMIT');
  }
  const ipMax = ctx.config.CHAT_UPLOAD_IP_MAX_PER_HOUR;
  if (owner.kind === 'guest' && ipMax > 0 && (await ctx.limiter.hit(`chat-upload-ip:${sourceOf(ip)}`, 60)) > ipMax) {
    throw new AppError('REQUEST_LIMIT');
  }
}

export async function storeUpload(
  ctx: AppContext,
  repo: ChatRepository,
  upload: { owner: ChatOwner; ip: string; kind: UploadKind; part: MultipartFile | undefined },
): Promise<{ path: string }> {
  const { owner, ip, kind, part } = upload;
  if (part?.fieldname !== 'file') throw new AppError('KEY_MISSING', { fields: ['file'] });
  await checkCounts(ctx, owner, ip);
  const buf = await readAll(part, kind);
  const sniffed = sniffFile(buf);
  if (!sniffed || sniffed.kind !== kind) throw notSupported();
  // Images are stored re-encoded; a video (not re-encoded here) is refused when it carries markup.
  const data =
    sniffed.ext === 'png' || sniffed.ext === 'jpg' || sniffed.ext === 'gif'
      ? await reencodeImage(buf, sniffed.ext)
      : hasMarkup(buf)
        ? null
        : buf;
  if (!data) throw notSupported();
  const name = `${randomBytes(16).toString('hex')}.${sniffed.ext}`;
  const conversation = await repo.ensure(owner);
  const capMb = ctx.config.CHAT_UPLOAD_IP_MAX_MB_PER_DAY;
  // Recorded (within the address's daily bytes) before the file is stored: a refusal stores
  // nothing, and a file whose store fails is forgotten again.
  const recorded = await repo.insertUpload(
    { name, conversationId: conversation.id, kind, mime: sniffed.mime, size: data.length, ip, createdAt: ctx.now() },
    owner.kind === 'guest' && capMb > 0
      ? { maxBytes: capMb * MB, since: new Date(ctx.now().getTime() - DAY_MS) }
      : undefined,
  );
  if (!recorded) throw new AppError('REQUEST_LIMIT');
  try {
    await ctx.files.put(chatFileKey(name), data, sniffed.mime);
  } catch (err) {
    await repo.deleteUpload(name);
    throw err;
  }
  return { path: `${chatPaths.files}/${name}` };
}
