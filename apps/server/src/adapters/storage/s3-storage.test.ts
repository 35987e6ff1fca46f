// The S3 adapter against a local S3-compatible server (s3rver, in this process, on a free port):
// the shared contract, a missing bucket answering an error, and a whole app with STORAGE_ADAPTER=s3.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/files.ts';
import { call, newGuestId, png, upload } from '../../modules/chat/testing.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createS3Storage } from './s3-storage.ts';
import { storageContract } from './storage.contract.ts';

const BUCKET = 'krapao-files';
const dir = mkdtempSync(path.join(tmpdir(), 'krapao-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: BUCKET }],
});
let endpoint = '';
beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

// s3rver's fixed credentials.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const open = (bucket = BUCKET) =>
  createS3Storage({ bucket, region: 'us-east-1', endpoint, credentials, forcePathStyle: true });

storageContract('s3 (s3rver)', () => open());

describe('the S3 adapter', () => {
  it('fails loudly on a bucket that does not exist, rather than answering "no file"', async () => {
    await expect(open('no-such-bucket').put('slips/a.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });

  it('keeps a whole app’s chat uploads in the bucket with STORAGE_ADAPTER=s3', async () => {
    const t = await createTestApp({
      CHAT_AGENT: 'off',
      STORAGE_ADAPTER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-s3-app-')),
    });
    try {
      const guestId = newGuestId();
      const sent = await upload(
        t,
        '/api/chat/upload-image',
        { data: png(3), name: 'a.png', type: 'image/png' },
        { guestId },
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const filePath: string = sent.json().path;
      const inBucket = await open().get(`chat/${path.basename(filePath)}`);
      expect(inBucket?.mime).toBe('image/png');
      expect(await t.db.select().from(storedFiles).where(like(storedFiles.key, 'chat/%'))).toEqual([]);
      const served = await call(t, 'GET', filePath, undefined, { guestId });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(inBucket!.bytes)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
