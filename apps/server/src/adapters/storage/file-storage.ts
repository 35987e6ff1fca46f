// The configured file store (STORAGE_ADAPTER): the database by default, S3 when set. Files written
// before the storage port existed sit on this instance's disk under UPLOAD_DIR (slips in slips/,
// chat uploads at the top): a key missing from the store is still read from there, and deleted there.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDbStorage } from './db-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { assertFileKey, type FileStorage } from './storage.port.ts';

type StorageConfig = Pick<
  Config,
  | 'STORAGE_ADAPTER'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'uploadDir'
>;

export function createFileStorage(config: StorageConfig, db: Db, now?: () => Date): FileStorage {
  const store =
    config.STORAGE_ADAPTER === 's3'
      ? createS3Storage({
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          credentials:
            config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
              : undefined,
        })
      : createDbStorage(db, now);
  return withLegacyDisk(store, config.uploadDir);
}

/** Where the disk-only server kept a key's file. */
export function legacyPathOf(uploadDir: string, key: string): string {
  assertFileKey(key);
  const [namespace, name] = key.split('/') as [string, string];
  return namespace === 'chat' ? path.join(uploadDir, name) : path.join(uploadDir, namespace, name);
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

export function withLegacyDisk(store: FileStorage, uploadDir: string): FileStorage {
  async function fromDisk(key: string) {
    try {
      const bytes = await readFile(legacyPathOf(uploadDir, key));
      return { bytes, mime: MIME_BY_EXT[path.extname(key).slice(1)] ?? 'application/octet-stream' };
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }
  return {
    put: (key, bytes, mime) => store.put(key, bytes, mime),
    get: async (key) => (await store.get(key)) ?? fromDisk(key),
    async delete(key) {
      await store.delete(key);
      await rm(legacyPathOf(uploadDir, key), { force: true });
    },
  };
}
