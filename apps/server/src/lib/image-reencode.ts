// Uploaded images are re-encoded before they are stored: nothing of the upload's own bytes
// survives — metadata, text chunks, comments, a payload hidden inside a valid file — and a
// decompression bomb is refused by the size its header declares, before a pixel is decoded.
import sharp from 'sharp';

/** The most pixels an uploaded image may hold (all frames of a GIF together). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The image re-encoded in its own format, or null when it does not decode or is too large. */
export async function reencodeImage(buf: Buffer, ext: 'png' | 'jpg' | 'gif'): Promise<Buffer | null> {
  const animated = ext === 'gif';
  try {
    const { width = 0, height = 0 } = await sharp(buf, { limitInputPixels: false, animated }).metadata();
    if (width < 1 || height < 1 || width * height > IMAGE_MAX_PIXELS) return null;
    const image = sharp(buf, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated });
    // JPEG orientation lives in EXIF, which is dropped: apply it to the pixels first.
    const out = ext === 'png' ? image.png() : ext === 'jpg' ? image.rotate().jpeg({ quality: 90 }) : image.gif();
    return await out.toBuffer();
  } catch {
    return null;
  }
}
