// A slip image from its upload to the file store (decision 043): checked by its bytes (a whole
// PNG, JPEG or WebP, nothing glued after it), its declared size checked before any pixel is decoded
// (a decompression bomb), re-encoded without metadata, stored under `slips/` with a random name.
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { SLIP_MAX_PIXELS } from '../../../adapters/slip/slip-image.ts';
import { type FileStorage, fileKey, isFileKey } from '../../../adapters/storage/storage.port.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sniffFile } from '../../../lib/file-sniff.ts';

/** The stored copy is at most this many pixels on its longer side: plenty for the mini-QR. */
const STORED_MAX_SIDE = 2400;

export type SlipImage = { data: Buffer; ext: 'png' | 'jpg'; width: number; height: number };
type Kind = 'png' | 'jpg' | 'webp';

export const notAnImage = () => new AppError('SLIP_INVALID_FILE', { reason: 'notSupported' });
export const unableToProcess = () => new AppError('SLIP_INVALID_FILE', { reason: 'IMG_SIZE_UNABLE_TO_PROCESS' });

/** RIFF container of type WEBP whose chunks cover the file exactly. */
function isWholeWebp(buf: Buffer): boolean {
  if (buf.length < 20 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    return false;
  }
  if (buf.readUInt32LE(4) + 8 !== buf.length) return false;
  let at = 12;
  while (at + 8 <= buf.length) {
    const size = buf.readUInt32LE(at + 4);
    at += 8 + size + (size & 1);
  }
  return at === buf.length;
}

/** PNG, JPEG or WebP by the bytes, or null (SVG, HTML, GIF, polyglots, truncated files...). */
export function sniffSlipImage(buf: Buffer): Kind | null {
  if (isWholeWebp(buf)) return 'webp';
  const sniffed = sniffFile(buf);
  if (sniffed?.ext === 'png') return 'png';
  if (sniffed?.ext === 'jpg') return 'jpg';
  return null;
}

/**
 * Re-encodes a slip: JPEG photos stay JPEG, screenshots (PNG, WebP) become PNG, which keeps the
 * mini-QR sharp. Nothing of the upload's own bytes (metadata, text chunks) survives.
 */
export async function reencodeSlip(buf: Buffer): Promise<SlipImage> {
  const kind = sniffSlipImage(buf);
  if (!kind) throw notAnImage();
  let declared: Metadata;
  try {
    // The header alone: how many pixels the file says it holds, before decoding any.
    declared = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { width = 0, height = 0 } = declared;
  if (width < 1 || height < 1) throw notAnImage();
  if (width * height > SLIP_MAX_PIXELS) throw unableToProcess();
  const ext = kind === 'jpg' ? 'jpg' : 'png';
  try {
    const pipeline = sharp(buf, { limitInputPixels: SLIP_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(STORED_MAX_SIDE, STORED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const out =
      ext === 'jpg'
        ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90 })
        : pipeline.png({ compressionLevel: 6 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw unableToProcess();
    throw notAnImage();
  }
}

export const SLIP_MIME = { png: 'image/png', jpg: 'image/jpeg' } as const;

export function slipMimeOf(filePath: string): string {
  return filePath.endsWith('.jpg') ? SLIP_MIME.jpg : SLIP_MIME.png;
}

/** Stores the re-encoded slip under a random name; answers its key (`slips/<name>`), kept on the slip. */
export async function storeSlipImage(files: FileStorage, image: SlipImage): Promise<string> {
  const key = fileKey('slips', `${randomBytes(16).toString('hex')}.${image.ext}`);
  await files.put(key, image.data, SLIP_MIME[image.ext]);
  return key;
}

/** The stored slip's bytes, or null when the file is gone. */
export async function readSlipImage(files: FileStorage, filePath: string): Promise<Buffer | null> {
  if (!filePath.startsWith('slips/') || !isFileKey(filePath)) return null;
  return (await files.get(filePath))?.bytes ?? null;
}
