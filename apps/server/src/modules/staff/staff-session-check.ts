// The one way to turn a console session cookie into a live staff session: the ops guard uses it
// for every call, the live channel for its handshake and its periodic re-check.
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createStaffSessionRepository, type StaffSession } from './staff-session.repository.ts';

export type StaffSessionCheck = ReturnType<typeof createStaffSessionCheck>;

export function createStaffSessionCheck(ctx: AppContext) {
  const sessions = createStaffSessionRepository(ctx.db);
  const idleMs = ctx.config.OPS_IDLE_MINUTES * 60_000;
  return {
    /** The live session behind the cookie's token, marked used; null for anything else. */
    open(token: string | undefined): Promise<StaffSession | null> {
      if (!token || token.length > 200) return Promise.resolve(null);
      return sessions.touchLive(sha256(token), ctx.now(), idleMs);
    },
    /** The session is still live; does not count as use (an open tab does not keep it alive). */
    isLive(sessionId: number): Promise<boolean> {
      return sessions.isLive(sessionId, ctx.now(), idleMs);
    },
  };
}
