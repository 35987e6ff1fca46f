// Helpers the chat tests share: guest ids, JSON and multipart calls, and real file bytes.
import { randomBytes, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { CHAT_GUEST_HEADER } from '@krapao/contracts/chat';
import { headers, type TestApp } from '../../test/test-app.ts';

export const OPERATOR = 'test-operator-token-0123456789';
export const newGuestId = () => `guest-${randomUUID()}`;

/** `ip` is the source address the server sees (127.0.0.1 unless given). */
export type Caller = { token?: string; guestId?: string; operator?: boolean; ip?: string };

export function callerHeaders(who: Caller = {}): Record<string, string> {
  return {
    ...headers(who.operator ? OPERATOR : who.token),
    ...(who.guestId ? { [CHAT_GUEST_HEADER]: who.guestId } : {}),
  };
}

export function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Caller = {}) {
  return t.app.inject({
    method,
    url,
    headers: callerHeaders(who),
    ...(who.ip ? { remoteAddress: who.ip } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The proof a guest's history call answers, as the widget keeps it for the browser session. */
export async function guestProofOf(t: TestApp, guestId: string): Promise<string> {
  const res = await call(t, 'POST', '/api/chat/history', { guestId, limit: 1, skip: 0 });
  const proof = res.json().guestProof;
  if (typeof proof !== 'string') throw new Error(`no guest proof: ${res.body}`);
  return proof;
}

export const textMessage = (text: string) => ({ message_type: 'text', payload: { text } });

export function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----krapao${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function upload(t: TestApp, url: string, file: { data: Buffer; name: string; type: string }, who: Caller) {
  const body = multipart(file.data, file.name, file.type);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...callerHeaders(who), 'content-type': body.contentType },
    ...(who.ip ? { remoteAddress: who.ip } : {}),
  });
}

export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, `size` pixels square. */
export function png(size = 2, rgb: [number, number, number] = [201, 154, 46]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const GIF_1PX = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
/** A real 2×2 JPEG (chat images are re-encoded, so test images must decode). */
export const JPEG_STUB = Buffer.from(
  'ffd8ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e40445745373850' +
    '6d51575f626768673e4d71797064785c656763ffdb0043011112121815182f1a1a2f634238426363636363636363636363636363' +
    '636363636363636363636363636363636363636363636363636363636363636363636363ffc00011080002000203012200021101' +
    '031101ffc4001500010100000000000000000000000000000004ffc40014100100000000000000000000000000000000ffc40015' +
    '01010100000000000000000000000000000405ffc40014110100000000000000000000000000000000ffda000c03010002110311' +
    '003f00b80423dfffd9',
  'hex',
);

/** An ISO media file: an `ftyp` box of the brand, then an `mdat` box of `bytes` bytes. */
export function isoVideo(brand: 'isom' | 'qt  ', bytes = 1024): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.write(brand === 'qt  ' ? 'qt  ' : 'mp41', 16, 'latin1');
  ftyp.write('isom', 20, 'latin1');
  const mdat = Buffer.alloc(8 + bytes);
  mdat.writeUInt32BE(8 + bytes, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}
