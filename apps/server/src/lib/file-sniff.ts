// What an uploaded file really is, by its bytes (decision 012): PNG, JPEG, GIF, MP4 or QuickTime.
// Each format is walked to its end, so bytes appended after a valid file (a polyglot: an archive,
// HTML or script glued to an image) make it refused rather than stored.

export type SniffedFile = { kind: 'image' | 'video'; mime: string; ext: 'png' | 'jpg' | 'gif' | 'mp4' | 'mov' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MP4_BRANDS = /^(isom|iso[2-9]|mp4[12]|avc1|M4V[ HP]|dash|f4v |mmp4|MSNV|3gp[4-6]|3g2a)$/;
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/** Chunks from the signature to IEND, which must end the file. */
function isWholePng(buf: Buffer): boolean {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = ascii(buf, at + 4, at + 8);
    if (first && type !== 'IHDR') return false;
    first = false;
    const next = at + 12 + length;
    if (next > buf.length) return false;
    if (type === 'IEND') return next === buf.length;
    at = next;
  }
  return false;
}

/** Start of image, then whatever the encoder wrote, then end of image as the last bytes. */
function isWholeJpeg(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return false;
  return buf[buf.length - 2] === 0xff && buf[buf.length - 1] === 0xd9;
}

function skipSubBlocks(buf: Buffer, at: number): number {
  let i = at;
  while (i < buf.length) {
    const size = buf[i]!;
    i += 1 + size;
    if (size === 0) return i;
  }
  return -1;
}

/** Header, screen descriptor, blocks, and the trailer byte as the very last one. */
function isWholeGif(buf: Buffer): boolean {
  const header = ascii(buf, 0, 6);
  if ((header !== 'GIF87a' && header !== 'GIF89a') || buf.length < 14) return false;
  const flags = buf[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < buf.length) {
    const block = buf[at]!;
    if (block === 0x3b) return at === buf.length - 1;
    if (block === 0x21) {
      at = skipSubBlocks(buf, at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > buf.length) return false;
      const local = buf[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at = skipSubBlocks(buf, at + 1);
    } else {
      return false;
    }
    if (at < 0) return false;
  }
  return false;
}

/** ISO base media boxes laid end to end, covering the file exactly; the first is `ftyp`. */
function isoBrand(buf: Buffer): string | null {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return null;
  let at = 0;
  while (at < buf.length) {
    if (at + 8 > buf.length) return null;
    let size = buf.readUInt32BE(at);
    if (!BOX_TYPE.test(ascii(buf, at + 4, at + 8))) return null;
    if (size === 1) {
      if (at + 16 > buf.length) return null;
      size = Number(buf.readBigUInt64BE(at + 8));
    } else if (size === 0) {
      size = buf.length - at;
    }
    if (size < 8 || at + size > buf.length) return null;
    at += size;
  }
  return ascii(buf, 8, 12);
}

export function sniffFile(buf: Buffer): SniffedFile | null {
  if (isWholePng(buf)) return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (isWholeJpeg(buf)) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (isWholeGif(buf)) return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  const brand = isoBrand(buf);
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
  if (brand && MP4_BRANDS.test(brand)) return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  return null;
}

/**
 * Markup or script in a file's bytes. Only for what is stored as uploaded (videos): the needles are
 * long enough that compressed media practically never contains one by chance.
 */
const MARKUP = /<(script|html|body|iframe|object|embed|!doctype|svg[\s/>])|javascript:/i;
export function hasMarkup(buf: Buffer): boolean {
  return MARKUP.test(buf.toString('latin1'));
}
