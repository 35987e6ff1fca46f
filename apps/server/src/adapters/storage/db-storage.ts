// The embedded default: files in the `stored_files` table of the database every instance already
// shares (PostgreSQL, or PGlite for one instance). No extra server; fine for slips and chat images.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { assertFileKey, type FileStorage } from './storage.port.ts';

export function createDbStorage(db: Db, now: () => Date = () => new Date()): FileStorage {
  return {
    async put(key, bytes, mime) {
      assertFileKey(key);
      const row = { key, bytes, mime, size: bytes.length, createdAt: now() };
      await db
        .insert(storedFiles)
        .values(row)
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { bytes, mime, size: row.size, createdAt: row.createdAt },
        });
    },
    async get(key) {
      assertFileKey(key);
      const [row] = await db
        .select({ bytes: storedFiles.bytes, mime: storedFiles.mime })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },
    async delete(key) {
      assertFileKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
