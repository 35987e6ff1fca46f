// Deletes chat uploads that no message uses CHAT_UPLOAD_UNUSED_MS after they arrived (row, then
// file): an upload is for sending, so one never sent is only storage spent. A send marks its upload
// used in the message's transaction, under a row lock this job's delete waits for and then skips.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createChatRepository } from './chat.repository.ts';

const BATCH = 200;

export function createChatUploadCleanup(ctx: AppContext) {
  const repo = createChatRepository(ctx.db);

  /** One pass; answers how many uploads it deleted. */
  async function runOnce(): Promise<number> {
    const before = new Date(ctx.now().getTime() - ctx.config.CHAT_UPLOAD_UNUSED_MS);
    let deleted = 0;
    for (;;) {
      const names = await repo.deleteUnusedUploads(before, BATCH);
      // A file whose row is gone is served to nobody; one that is already missing is fine.
      await Promise.all(names.map((name) => rm(path.join(ctx.config.uploadDir, name), { force: true })));
      deleted += names.length;
      if (names.length < BATCH) return deleted;
    }
  }

  return { runOnce, ...intervalJob(() => runOnce()) };
}
export type ChatUploadCleanup = ReturnType<typeof createChatUploadCleanup>;
