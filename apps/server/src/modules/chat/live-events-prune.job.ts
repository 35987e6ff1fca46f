// A member's live money events are kept for a socket that connects again (lib/member-live.ts); older
// ones are deleted, so the table holds MEMBER_LIVE_KEEP_MS of events.
import type { AppContext } from '../../context.ts';
import { intervalJob } from '../../lib/interval-job.ts';
import { pruneMemberLive } from '../../lib/member-live.ts';

export function createLiveEventsPrune(ctx: AppContext) {
  /** One pass: the number of events deleted. */
  const runOnce = () => pruneMemberLive(ctx);
  return { runOnce, ...intervalJob(() => runOnce()) };
}
