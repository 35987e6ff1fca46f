// The turnover job (decision 055): every TURNOVER_SYNC_INTERVAL_MS, each game somebody has an
// account at is read from its cursor. The cursor's guarded update lets several instances run it.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { createTurnoverRepository } from './turnover.repository.ts';
import { createTurnover } from './turnover.service.ts';

export function createTurnoverSync(ctx: AppContext) {
  const repo = createTurnoverRepository(ctx.db);
  const turnover = createTurnover(ctx);

  /** One pass; answers how many turnover rows it wrote. A failing game waits for the next pass. */
  async function runOnce(onError: (err: unknown) => void = () => {}, signal?: AbortSignal): Promise<number> {
    let rows = 0;
    for (const gameCode of await repo.gamesWithAccounts()) {
      if (signal?.aborted) break;
      try {
        rows += (await turnover.syncGame(gameCode)).rows;
      } catch (err) {
        onError(err);
      }
    }
    return rows;
  }

  return { runOnce, ...intervalJob(runOnce) };
}
