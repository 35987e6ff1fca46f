// Stores one operator image: size-limited while it streams in, checked by its bytes, re-encoded,
// stored under `banners/` with a random name and audited — a refusal stores nothing and writes no
// entry; a file whose entry cannot be written is removed again.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { BANNER_IMAGE_MAX_MB, mediaPaths, UPLOAD_REFUSALS } from '@krapao/contracts/ops/media';
import { fileKey } from '../../adapters/storage/storage.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sniffFile } from '../../lib/file-sniff.ts';
import { reencodeImage } from '../../lib/image-reencode.ts';
import { multipartError } from '../../lib/multipart-errors.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';

export const MB = 1024 * 1024;

const notSupported = () => new AppError('KEY_INVALID', { fields: ['file'], reason: UPLOAD_REFUSALS.notSupported });
const tooLarge = () =>
  new AppError('KEY_INVALID', { fields: ['file'], reason: UPLOAD_REFUSALS.tooLarge, maxMb: BANNER_IMAGE_MAX_MB });

async function readAll(part: MultipartFile): Promise<Buffer> {
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw multipartError(err, 'KEY_INVALID', { fields: ['file'] });
  }
  if (part.file.truncated) throw tooLarge();
  return buf;
}

export async function storeBannerImage(
  ctx: AppContext,
  part: MultipartFile | undefined,
  act: StaffAct,
): Promise<{ url: string }> {
  if (part?.fieldname !== 'file') throw new AppError('KEY_MISSING', { fields: ['file'] });
  const buf = await readAll(part);
  // SVG and anything with markup is no PNG, JPEG or GIF: refused here. What passes is redrawn, so
  // no byte of the upload itself is ever served.
  const sniffed = sniffFile(buf);
  if (sniffed?.kind !== 'image') throw notSupported();
  const ext = sniffed.ext as 'png' | 'jpg' | 'gif';
  const data = await reencodeImage(buf, ext);
  if (!data) throw notSupported();
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const key = fileKey('banners', name);
  const url = `${mediaPaths.banners}/${name}`;
  // Stored first, then audited: the store may be the database itself, which a transaction holding
  // the audit lock must not wait on. An entry that fails to append takes the file away again.
  await ctx.files.put(key, data, sniffed.mime);
  try {
    await ctx.db.transaction((tx) =>
      appendAudit(tx, {
        actor: 'staff',
        staffId: act.staffId,
        action: 'image.upload',
        objectType: 'file',
        objectId: key,
        reason: act.reason,
        after: { url, mime: sniffed.mime, size: data.length },
        requestId: act.requestId,
        at: ctx.now(),
      }),
    );
  } catch (err) {
    await ctx.files.delete(key);
    throw err;
  }
  return { url };
}

/** A stored banner image by its name, or null. */
export function bannerImage(ctx: AppContext, name: string) {
  return ctx.files.get(fileKey('banners', name));
}
