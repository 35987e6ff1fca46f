import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaPaths } from '@krapao/contracts/ops/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytes, storedKeys } from '../../adapters/storage/testing.ts';
import { buildApp } from '../../app.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { sniffFile } from '../../lib/file-sniff.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { chunk, GIF_1PX, JPEG_STUB, multipart, png } from '../chat/testing.ts';
import { type SignedInStaff, signedInStaff } from '../staff/testing.ts';

const MB = 1024 * 1024;
let t: TestApp;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({ CHAT_AGENT: 'off', UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-media-')) });
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

function uploadImage(s: { headers: Record<string, string> }, data: Buffer, name = 'banner.png', type = 'image/png') {
  const body = multipart(data, name, type);
  return t.app.inject({
    method: 'POST',
    url: mediaPaths.upload,
    payload: body.payload,
    headers: { ...s.headers, 'content-type': body.contentType },
  });
}

const uploadAudits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'image.upload'));
const bannerCount = async () => (await storedKeys(t.db, 'banners')).length;

describe('POST /api/ops/images', () => {
  it('stores png, jpeg and gif re-encoded under a random name, audited, and serves them publicly', async () => {
    const cases = [
      [png(4), 'a.png', 'image/png', 'image/png'],
      [JPEG_STUB, 'a.jpg', 'image/jpeg', 'image/jpeg'],
      [GIF_1PX, 'a.gif', 'image/gif', 'image/gif'],
    ] as const;
    for (const [data, name, type, mime] of cases) {
      const res = await uploadImage(owner, data, name, type);
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json() as { url: string };
      expect(url).toMatch(/^\/files\/banners\/[0-9a-f]{32}\.(png|jpg|gif)$/);
      const key = `banners/${path.basename(url)}`;
      const stored = await storedBytes(t.ctx.files, key);
      expect(sniffFile(stored)?.mime).toBe(mime);

      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'image.upload'), eq(auditLog.objectId, key)));
      expect(entry).toMatchObject({ actor: 'staff', staffId: owner.id, objectType: 'file' });

      // No session, no cookie: a member's browser loads it like any image of the site.
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(mime);
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('drops what rides along inside a valid image', async () => {
    const base = png(2);
    const withText = Buffer.concat([
      base.subarray(0, base.length - 12),
      chunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>')),
      base.subarray(base.length - 12),
    ]);
    const res = await uploadImage(owner, withText);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedBytes(t.ctx.files, `banners/${path.basename(res.json().url)}`);
    expect(stored.toString('latin1')).not.toContain('<script>');
  });

  it('refuses what is not an image, SVG and markup, a polyglot and an oversized file: nothing stored or audited', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    const polyglot = Buffer.concat([png(2), Buffer.from('<html><script>alert(1)</script></html>')]);
    const undecodable = Buffer.concat([png(2).subarray(0, 33), Buffer.from([0, 0, 0, 0]), png(2).subarray(-12)]);
    const big = Buffer.concat([png(2), Buffer.alloc(5 * MB + 1)]);
    const filesBefore = await bannerCount();
    const auditsBefore = (await uploadAudits()).length;
    const cases = [
      [svg, 'a.svg', 'image/svg+xml', 'FILE_NOT_SUPPORTED'],
      [Buffer.from('%PDF-1.4 hello'), 'a.pdf', 'application/pdf', 'FILE_NOT_SUPPORTED'],
      [polyglot, 'a.png', 'image/png', 'FILE_NOT_SUPPORTED'],
      [undecodable, 'a.png', 'image/png', 'FILE_NOT_SUPPORTED'],
      [big, 'a.png', 'image/png', 'FILE_TOO_LARGE'],
    ] as const;
    for (const [data, name, type, reason] of cases) {
      const res = await uploadImage(owner, data, name, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message: 'KEY_INVALID', fields: ['file'], reason });
    }
    expect(await bannerCount()).toBe(filesBefore);
    expect(await uploadAudits()).toHaveLength(auditsBefore);
  });

  it('answers KEY_MISSING without a file part, and only to staff who manage settings', async () => {
    const body = multipart(png(), 'a.png', 'image/png', 'other');
    const missing = await t.app.inject({
      method: 'POST',
      url: mediaPaths.upload,
      payload: body.payload,
      headers: { ...owner.headers, 'content-type': body.contentType },
    });
    expect(missing.json()).toMatchObject({ message: 'KEY_MISSING' });

    const before = await bannerCount();
    const support = await signedInStaff(t, 'support');
    expect((await uploadImage(support, png())).statusCode).toBe(403);
    expect((await uploadImage({ headers: {} }, png())).statusCode).toBe(401);
    expect(await bannerCount()).toBe(before);
  });
});

describe('GET /files/banners/:name', () => {
  it('answers 404 for a name never stored and for anything that is not a banner name', async () => {
    for (const url of [
      `/files/banners/${'0'.repeat(32)}.png`,
      '/files/banners/..%2Fchat%2Fx.png',
      '/files/banners/a.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
    }
  });

  it('serves an image uploaded through one instance from another', async () => {
    const res = await uploadImage(owner, png(3));
    const { url } = res.json() as { url: string };
    const config = { ...t.ctx.config, uploadDir: mkdtempSync(path.join(tmpdir(), 'krapao-media-b-')) };
    const second = await buildApp({ config, db: t.db, now: t.ctx.now });
    await second.app.ready();
    try {
      const got = await second.app.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(200);
      expect(sniffFile(got.rawPayload)?.mime).toBe('image/png');
    } finally {
      await second.app.close();
    }
  });
});
