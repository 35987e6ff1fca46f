// Broken multipart bodies for the upload calls (slip, chat image, chat video): no boundary, the
// wrong one, cut short, two files, the wrong field, a flood of fields, huge part headers, empty or
// random files, a real tiny image, path tricks in the file name, and a file over the size limit.
import sharp from 'sharp';
import { multipart } from '../http.ts';
import { pick, type Rng } from './fuzz-gen.ts';
import type { FuzzFiles } from './fuzz-requests.ts';

function randomBytes(rng: Rng, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rng() * 256);
  return b;
}

export async function fuzzFiles(): Promise<FuzzFiles> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const oversize = Buffer.alloc(11 * 1024 * 1024, 0x41);

  return {
    multipart(rng) {
      const file = (data: Buffer, filename = 'f.png', type = 'image/png', field = 'file') =>
        multipart({ field, filename, type, data });
      const roll = rng();
      if (roll < 0.15) return { ...file(png), label: 'tiny png' };
      if (roll < 0.3) return { ...file(randomBytes(rng, 1 + Math.floor(rng() * 4000))), label: 'random bytes' };
      if (roll < 0.35) return { ...file(Buffer.alloc(0)), label: 'empty file' };
      if (roll < 0.4) return { ...file(png, 'x.png', 'image/png', 'other'), label: 'wrong field' };
      if (roll < 0.45) return { ...file(png, '../../../etc/passwd', 'text/html'), label: 'path in name' };
      if (roll < 0.5) return { ...file(png, `${'n'.repeat(20_000)}.png`), label: 'huge file name' };
      if (roll < 0.6) {
        const m = file(png);
        return {
          body: m.body.subarray(0, Math.floor(m.body.length * rng())),
          contentType: m.contentType,
          label: 'cut short',
        };
      }
      if (roll < 0.65) {
        const m = file(png);
        return { body: m.body, contentType: 'multipart/form-data', label: 'no boundary' };
      }
      if (roll < 0.7) {
        const m = file(png);
        return { body: m.body, contentType: 'multipart/form-data; boundary=nope', label: 'wrong boundary' };
      }
      if (roll < 0.75) {
        const b = 'b0undary';
        const part = (name: string) =>
          `--${b}\r\ncontent-disposition: form-data; name="${name}"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
        const body = Buffer.concat([
          Buffer.from(part('file')),
          png,
          Buffer.from(`\r\n${part('file')}`),
          png,
          Buffer.from(`\r\n--${b}--\r\n`),
        ]);
        return { body, contentType: `multipart/form-data; boundary=${b}`, label: 'two files' };
      }
      if (roll < 0.8) {
        const fields: Record<string, string> = {};
        for (let i = 0; i < 200; i++) fields[`f${i}`] = 'x'.repeat(100);
        return { ...multipart({ filename: 'a.png', type: 'image/png', data: png }, fields), label: 'many fields' };
      }
      if (roll < 0.85) {
        return {
          body: Buffer.from('{"file":"x"}'),
          contentType: `multipart/form-data; boundary=${pick(rng, ['x', '', '"', 'a'.repeat(200)])}`,
          label: 'json in multipart',
        };
      }
      if (roll < 0.9) {
        const b = 'outer';
        const body = Buffer.from(
          `--${b}\r\ncontent-disposition: form-data; name="file"\r\ncontent-type: multipart/mixed; boundary=inner\r\n\r\n` +
            `--inner\r\ncontent-disposition: attachment; filename="a.png"\r\n\r\nxx\r\n--inner--\r\n--${b}--\r\n`,
        );
        return { body, contentType: `multipart/form-data; boundary=${b}`, label: 'nested multipart' };
      }
      if (roll < 0.995) return { ...file(png, 'a.svg', 'image/svg+xml'), label: 'declared svg' };
      return { ...file(oversize), label: 'over the size limit' };
    },
  };
}
