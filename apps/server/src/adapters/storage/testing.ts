// What tests look at in the file store: its keys (tests run on the default db store) and a file's bytes.
import { like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import type { FileNamespace, FileStorage } from './storage.port.ts';

export async function storedKeys(db: Db, namespace: FileNamespace): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `${namespace}/%`));
  return rows.map((r) => r.key);
}

export async function storedBytes(files: FileStorage, key: string): Promise<Buffer> {
  const file = await files.get(key);
  if (!file) throw new Error(`nothing stored under ${key}`);
  return file.bytes;
}
