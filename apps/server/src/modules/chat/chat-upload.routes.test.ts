import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytes, storedKeys } from '../../adapters/storage/testing.ts';
import { sniffFile } from '../../lib/file-sniff.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import {
  type Caller,
  call,
  chunk,
  GIF_1PX,
  guestProofOf,
  isoVideo,
  JPEG_STUB,
  newGuestId,
  OPERATOR,
  png,
  upload,
} from './testing.ts';

const MB = 1024 * 1024;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'krapao-uploads-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR, CHAT_AGENT: 'off', UPLOAD_DIR: uploadDir });
});
afterAll(() => t.close());

const image = (data: Buffer, name = 'photo.png', type = 'image/png') => ({ data, name, type });
const getFile = (url: string, who: Caller) => call(t, 'GET', url, undefined, who);
const storedOf = (filePath: string) => storedBytes(t.ctx.files, `chat/${path.basename(filePath)}`);
const storedCount = async () => (await storedKeys(t.db, 'chat')).length;

describe('POST /api/chat/upload-image and /api/chat/upload-video', () => {
  it('stores png, jpeg and gif images and mp4 and QuickTime videos under random names', async () => {
    const guestId = newGuestId();
    const cases = [
      ['/api/chat/upload-image', image(png()), /\.png$/],
      ['/api/chat/upload-image', image(JPEG_STUB, 'a.jpg', 'image/jpeg'), /\.jpg$/],
      ['/api/chat/upload-image', image(GIF_1PX, 'a.gif', 'image/gif'), /\.gif$/],
      ['/api/chat/upload-video', image(isoVideo('isom'), 'clip.mp4', 'video/mp4'), /\.mp4$/],
      ['/api/chat/upload-video', image(isoVideo('qt  '), 'clip.mov', 'video/quicktime'), /\.mov$/],
    ] as const;
    for (const [url, file, ext] of cases) {
      const res = await upload(t, url, file, { guestId });
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
      expect(res.json().path).toMatch(/^\/api\/chat\/files\/[0-9a-f]{32}\.\w+$/);
      expect(res.json().path).toMatch(ext);
      const stored = await storedOf(res.json().path);
      // Images are stored re-encoded in their own format; videos as uploaded.
      if (url.endsWith('video')) expect(stored.equals(file.data)).toBe(true);
      else expect(sniffFile(stored)?.mime).toBe(sniffFile(file.data)?.mime);
    }
  });

  it('stores images re-encoded: script in metadata, comments and text chunks does not survive', async () => {
    const guestId = newGuestId();
    const script = '<script>alert(document.cookie)</script>';
    const withText = Buffer.concat([
      png().subarray(0, 33),
      chunk('tEXt', Buffer.from(`Comment\0${script}`)),
      png().subarray(33),
    ]);
    const withComment = Buffer.concat([
      JPEG_STUB.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0, script.length + 2]),
      Buffer.from(script),
      JPEG_STUB.subarray(2),
    ]);
    for (const [data, name] of [
      [withText, 'a.png'],
      [withComment, 'a.jpg'],
    ] as const) {
      const res = await upload(t, '/api/chat/upload-image', image(data, name), { guestId });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await storedOf(res.json().path);
      expect(stored.toString('latin1')).not.toContain('<script');
      expect(sniffFile(stored)?.mime).toBe(sniffFile(data)?.mime);
    }
  });

  it('refuses a decompression bomb and a video carrying markup', async () => {
    const guestId = newGuestId();
    const before = await storedCount();
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr.set([1, 0, 0, 0, 0], 8);
    const rows = deflateSync(Buffer.alloc(2501 * 20_000));
    const bomb = Buffer.concat([
      png().subarray(0, 8),
      chunk('IHDR', ihdr),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const marked = Buffer.concat([
      isoVideo('isom'),
      Buffer.from('\0\0\0\x2efree<html><script>alert(1)</script></html>', 'latin1'),
    ]);
    for (const [url, data] of [
      ['/api/chat/upload-image', bomb],
      ['/api/chat/upload-video', marked],
    ] as const) {
      const res = await upload(t, url, image(data, url.endsWith('video') ? 'a.mp4' : 'a.png'), { guestId });
      expect(res.json()).toEqual({ message: 'KEY_INVALID', fields: ['file'], reason: 'FILE_NOT_SUPPORTED' });
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses an .exe renamed .png, a polyglot, and the wrong kind for the endpoint', async () => {
    const guestId = newGuestId();
    const before = await storedCount();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
    const polyglots = [
      Buffer.concat([png(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
      Buffer.concat([png(), Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(64)]),
      Buffer.from('GIF89a=1;alert(document.domain);', 'latin1'),
      Buffer.concat([isoVideo('isom'), Buffer.from('<script>alert(1)</script>')]),
    ];
    const refused = [
      ['/api/chat/upload-image', image(exe)],
      ...polyglots.map((data) => ['/api/chat/upload-image', image(data)] as const),
      ['/api/chat/upload-video', image(polyglots[3]!, 'x.mp4', 'video/mp4')],
      ['/api/chat/upload-video', image(png(), 'x.mp4', 'video/mp4')],
      ['/api/chat/upload-image', image(isoVideo('isom'), 'x.png')],
      ['/api/chat/upload-image', image(Buffer.from('%PDF-1.7\n'), 'doc.pdf', 'application/pdf')],
    ] as const;
    for (const [url, file] of refused) {
      const res = await upload(t, url, file, { guestId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID', fields: ['file'], reason: 'FILE_NOT_SUPPORTED' });
    }
    expect(await storedCount()).toBe(before);
  });

  // Some 55 MB go through multipart and 20 MB into the store: room for a busy machine.
  it('refuses images over 10 MB and a 25 MB video as too large', async () => {
    const guestId = newGuestId();
    const bigImage = Buffer.concat([png(), Buffer.alloc(10 * MB)]);
    const res = await upload(t, '/api/chat/upload-image', image(bigImage), { guestId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID', fields: ['file'], reason: 'FILE_TOO_LARGE', maxMb: 10 });
    const video = await upload(t, '/api/chat/upload-video', image(isoVideo('isom', 25 * MB), 'big.mp4', 'video/mp4'), {
      guestId,
    });
    expect(video.json()).toEqual({ message: 'KEY_INVALID', fields: ['file'], reason: 'FILE_TOO_LARGE', maxMb: 20 });
    const justUnder = await upload(
      t,
      '/api/chat/upload-video',
      image(isoVideo('isom', 20 * MB - 100), 'ok.mp4', 'video/mp4'),
      { guestId },
    );
    expect(justUnder.statusCode).toBe(200);
  }, 120_000);

  it('wants the file part and someone to upload as', async () => {
    const guestId = newGuestId();
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      headers: { 'x-chat-guest-id': guestId, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noFile.json().message).toBe('KEY_MISSING');
    const nobody = await upload(t, '/api/chat/upload-image', image(png()), {});
    expect(nobody.json()).toEqual({ message: 'KEY_MISSING', fields: ['guestId'] });
    const badGuest = await upload(t, '/api/chat/upload-image', image(png()), { guestId: 'guest-1' });
    expect(badGuest.json().message).toBe('KEY_INVALID');
    const badToken = await upload(t, '/api/chat/upload-image', image(png()), { token: 'nope' });
    expect(badToken.statusCode).toBe(401);
  });
});

describe('GET /api/chat/files/:name', () => {
  it('serves a file to its conversation only, with headers that stop it from running', async () => {
    const owner = newGuestId();
    const data = png(4);
    const filePath = (await upload(t, '/api/chat/upload-image', image(data), { guestId: owner })).json().path;
    const res = await getFile(filePath, { guestId: owner });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(await storedOf(filePath))).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await getFile(filePath, { operator: true })).statusCode).toBe(200);

    const stranger = await getFile(filePath, { guestId: newGuestId() });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'NO_DATA' });
    const member = await newMember(t);
    expect((await getFile(filePath, { token: member.token })).statusCode).toBe(404);
    expect((await getFile(filePath, {})).json().message).toBe('KEY_MISSING');
    expect((await getFile('/api/chat/files/..%2F..%2Fetc%2Fpasswd', { guestId: owner })).json().message).toBe(
      'KEY_INVALID',
    );
  });

  it('follows a guest into the member account: the upload is then the member’s', async () => {
    const guestId = newGuestId();
    const guestProof = await guestProofOf(t, guestId);
    const filePath = (await upload(t, '/api/chat/upload-image', image(png()), { guestId })).json().path;
    const member = await newMember(t);
    const media = { message_type: 'media', payload: { fileType: 'image', filePath } };
    const body = { guestId, guestProof, message: media };
    const sent = await call(t, 'POST', '/api/chat/send-message', body, { token: member.token });
    expect(sent.statusCode).toBe(200);
    expect((await getFile(filePath, { token: member.token })).statusCode).toBe(200);
    expect((await getFile(filePath, { guestId })).statusCode).toBe(404);
    const [message] = (
      await call(t, 'POST', '/api/chat/history', { limit: 10, skip: 0 }, { token: member.token })
    ).json().messages;
    expect(message.message).toEqual({
      message_type: 'media',
      payload: { message: '', url: filePath, fileType: 'image', filePath },
    });
  });

  it('lets a conversation send only its own uploads, as the kind they are', async () => {
    const owner = newGuestId();
    const filePath = (await upload(t, '/api/chat/upload-image', image(png()), { guestId: owner })).json().path;
    const thief = {
      guestId: newGuestId(),
      message: { message_type: 'media', payload: { fileType: 'image', filePath } },
    };
    expect((await call(t, 'POST', '/api/chat/send-message', thief)).json().message).toBe('KEY_INVALID');
    const asVideo = { guestId: owner, message: { message_type: 'media', payload: { fileType: 'video', filePath } } };
    expect((await call(t, 'POST', '/api/chat/send-message', asVideo)).json().message).toBe('KEY_INVALID');
    const missing = filePath.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const ghost = {
      guestId: owner,
      message: { message_type: 'media', payload: { fileType: 'image', filePath: missing } },
    };
    expect((await call(t, 'POST', '/api/chat/send-message', ghost)).json().message).toBe('KEY_INVALID');
    expect(await t.ctx.files.get(`chat/${path.basename(filePath)}`)).not.toBeNull();
  });
});
