// Deletes chat uploads that no message uses CHAT_UPLOAD_UNUSED_MS after they arrived (row, then
// file): an upload is for sending, so one never sent is only storage spent. A send marks its upload
// used in the message's transaction, under a row lock this job's delete waits for and then skips.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createChatRepository } from './chat.repository.ts';
import { chatFileKey } from './chat-upload.ts';

const BATCH = 200;

export function createChatUploadCleanup(ctx: AppContext) {
  const repo = createChatRepository(ctx.db);

  /** One pass; answers how many uploads it deleted. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    const before = new Date(ctx.now().getTime() - ctx.config.CHAT_UPLOAD_UNUSED_MS);
    let deleted = 0;
    for (;;) {
      const names = await repo.deleteUnusedUploads(before, BATCH);
      // A file whose row is gone is served to nobody; one that is already missing is fine.
      await Promise.all(names.map((name) => ctx.files.delete(chatFileKey(name))));
      deleted += names.length;
      if (names.length < BATCH || signal?.aborted) return deleted;
    }
  }

  return { runOnce, ...intervalJob((_onError, signal) => runOnce(signal)) };
}
export type ChatUploadCleanup = ReturnType<typeof createChatUploadCleanup>;
