// The configured store: the db one by default, S3 refused without a bucket, and files of the
// disk-only server (UPLOAD_DIR) still read, and deleted, when the store does not hold them.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { createFileStorage } from './file-storage.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

describe('STORAGE_ADAPTER', () => {
  it('is db by default; s3 needs a bucket', () => {
    expect(loadConfig({}).STORAGE_ADAPTER).toBe('db');
    expect(() => loadConfig({ STORAGE_ADAPTER: 's3' })).toThrow(/S3_BUCKET: STORAGE_ADAPTER=s3 needs S3_BUCKET/);
    expect(loadConfig({ STORAGE_ADAPTER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ STORAGE_ADAPTER: 'disk' })).toThrow(/STORAGE_ADAPTER/);
  });
});

describe('files the disk-only server wrote', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'krapao-legacy-'));
  const files = () => createFileStorage(loadConfig({ UPLOAD_DIR: uploadDir }), database.db);
  mkdirSync(path.join(uploadDir, 'slips'));
  writeFileSync(path.join(uploadDir, 'slips', 'old.jpg'), 'old slip');
  writeFileSync(path.join(uploadDir, 'old.gif'), 'old chat image');

  it('are read from UPLOAD_DIR when the store does not hold them (slips in slips/, chat at the top)', async () => {
    expect(await files().get('slips/old.jpg')).toEqual({ bytes: Buffer.from('old slip'), mime: 'image/jpeg' });
    expect(await files().get('chat/old.gif')).toEqual({ bytes: Buffer.from('old chat image'), mime: 'image/gif' });
    expect(await files().get('chat/old.jpg')).toBeNull();
  });

  it('come second to the store, and go with a delete', async () => {
    await files().put('slips/old.jpg', Buffer.from('stored'), 'image/jpeg');
    expect((await files().get('slips/old.jpg'))?.bytes.toString()).toBe('stored');
    await files().delete('slips/old.jpg');
    await files().delete('chat/old.gif');
    expect(existsSync(path.join(uploadDir, 'slips', 'old.jpg'))).toBe(false);
    expect(existsSync(path.join(uploadDir, 'old.gif'))).toBe(false);
    expect(await files().get('slips/old.jpg')).toBeNull();
  });
});
