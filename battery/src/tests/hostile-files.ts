// Hostile files for test 8, made here byte by byte: polyglots (an image that is also HTML, a ZIP, or
// script), SVG with script, script in image metadata (PNG text chunk, JPEG comment and EXIF, GIF
// comment), decompression bombs, truncated and empty files, and the wrong extension or type.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type HostileFile = { name: string; filename: string; type: string; data: Buffer; kind: 'image' | 'video' };

const SCRIPT = '<script>alert(document.cookie)</script>';
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG whose header promises width × height 1-bit pixels, all zero: a few kB that decode to gigabytes. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG_SIG,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inserts chunks right after IHDR. */
function withChunks(png: Buffer, chunks: Buffer[]): Buffer {
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks, png.subarray(afterIhdr)]);
}

/** A JPEG with a COM segment right after SOI. */
function jpegComment(jpeg: Buffer, text: Buffer): Buffer {
  const len = Buffer.alloc(2);
  len.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), len, text, jpeg.subarray(2)]);
}

/** A minimal GIF89a 1×1 with a comment extension carrying `comment`. */
function gifWithComment(comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const blocks: Buffer[] = [];
  for (let i = 0; i < text.length; i += 255) {
    const part = text.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, global colour table of 2
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xfe]),
    ...blocks,
    Buffer.from([0]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor
    Buffer.from([2, 2, 0x44, 0x01, 0]), // LZW min code size 2, one data block, terminator
    Buffer.from([0x3b]),
  ]);
}

function box(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + data.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), data]);
}

/** A structurally whole MP4: ftyp and an mdat. */
function mp4(extra: Buffer[] = []): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    ...extra,
    box('mdat', Buffer.alloc(64)),
  ]);
}

export async function hostileFiles(): Promise<HostileFile[]> {
  // Harmless metadata in the clean images too: a re-encoded copy never has the uploaded bytes.
  const plainPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  const png = withChunks(plainPng, [chunk('tEXt', Buffer.from('Software\0krapao battery', 'latin1'))]);
  const plainJpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa5522' } })
    .jpeg()
    .toBuffer();
  const jpeg = jpegComment(plainJpeg, Buffer.from('krapao battery'));
  const exifJpeg = await sharp(jpeg)
    .withExif({ IFD0: { ImageDescription: SCRIPT, Artist: HTML } })
    .jpeg()
    .toBuffer();
  const zip = Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.from(`evil.html${HTML}`),
    Buffer.from('PK\x05\x06', 'latin1'),
    Buffer.alloc(18),
  ]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
  const image = (name: string, data: Buffer, filename = 'photo.png', type = 'image/png'): HostileFile => ({
    name,
    filename,
    type,
    data,
    kind: 'image',
  });
  const video = (name: string, data: Buffer, filename = 'clip.mp4', type = 'video/mp4'): HostileFile => ({
    name,
    filename,
    type,
    data,
    kind: 'video',
  });
  return [
    image('PNG + HTML appended (polyglot)', Buffer.concat([png, Buffer.from(HTML)])),
    image('JPEG + ZIP appended (polyglot)', Buffer.concat([jpeg, zip]), 'photo.jpg', 'image/jpeg'),
    image(
      'JPEG with HTML+ZIP in a comment',
      jpegComment(jpeg, Buffer.concat([Buffer.from(HTML), zip])),
      'photo.jpg',
      'image/jpeg',
    ),
    image(
      'GIF + script appended (GIFAR-like)',
      Buffer.concat([gifWithComment('x'), Buffer.from(`*/=alert(1);${SCRIPT}`)]),
      'a.gif',
      'image/gif',
    ),
    image('SVG with script', Buffer.from(svg), 'image.svg', 'image/svg+xml'),
    image('SVG with script named .png', Buffer.from(svg)),
    image('HTML named .png', Buffer.from(HTML)),
    image(
      'PNG with script in a text chunk',
      withChunks(png, [chunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'))]),
    ),
    image('JPEG with script in EXIF', exifJpeg, 'photo.jpg', 'image/jpeg'),
    image('JPEG with script in a comment', jpegComment(jpeg, Buffer.from(HTML)), 'photo.jpg', 'image/jpeg'),
    image('GIF with script in a comment', gifWithComment(HTML), 'a.gif', 'image/gif'),
    image('decompression bomb PNG 30000²', pngBomb(30_000, 30_000)),
    image('decompression bomb PNG 6000²', pngBomb(6000, 6000)),
    image('truncated PNG', png.subarray(0, Math.floor(png.length / 2))),
    image('truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'photo.jpg', 'image/jpeg'),
    image('zero-byte file', Buffer.alloc(0)),
    image('PNG named .html, sent as text/html', png, 'page.html', 'text/html'),
    image('PNG named .exe', png, 'setup.exe', 'application/octet-stream'),
    image('JPEG named .svg', jpeg, 'image.svg', 'image/svg+xml'),
    video('MP4 + HTML appended (polyglot)', Buffer.concat([mp4(), Buffer.from(HTML)])),
    video('MP4 with HTML in a free box', mp4([box('free', Buffer.from(HTML))])),
    video('HTML named .mp4', Buffer.from(HTML)),
    video('truncated MP4', mp4().subarray(0, 30)),
    video('zero-byte video', Buffer.alloc(0)),
    video('PNG sent as a video', png),
  ];
}

/** Markup or script anywhere in served bytes. */
export function carriesMarkup(data: Buffer): boolean {
  return /<(script|html|svg|!doctype|iframe|body)|javascript:|alert\(/i.test(data.toString('latin1'));
}
