// Files in an S3-compatible object store (AWS S3, MinIO, R2...): the production choice when many
// instances run (docs/architecture.md §7). One object per key, its content type kept on the object.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertFileKey, type FileStorage } from './storage.port.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; AWS itself when absent. */
  endpoint?: string;
  /** The SDK's own chain (environment, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most self-hosted servers). */
  forcePathStyle?: boolean;
};

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(opts: S3StorageOptions): FileStorage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: opts.region,
    forcePathStyle: opts.forcePathStyle ?? false,
    // Checksums only where S3 requires them: not every S3-compatible server knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
  };
  const client = new S3Client(config);
  const Bucket = opts.bucket;

  return {
    client,
    async put(key, bytes, mime) {
      assertFileKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: mime, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertFileKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        const bytes = Buffer.from(await out.Body.transformToByteArray());
        return { bytes, mime: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      // S3 answers success for a key that is not there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
