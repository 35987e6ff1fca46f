// Opaque bearer tokens: 32 random bytes to the client, only their SHA-256 in the database, an
// expiry, and revocation on logout and on password change (DESIGN §6).
import type { AppContext } from '../../context.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { createSessionRepository } from './session.repository.ts';

export type SessionService = ReturnType<typeof createSessionService>;
export type MemberSession = { memberId: number; sessionId: number };

export function createSessionService(ctx: AppContext) {
  const repo = createSessionRepository(ctx.db);
  const ttlMs = ctx.config.SESSION_TTL_HOURS * 3_600_000;

  return {
    async open(memberId: number, ip: string | null): Promise<string> {
      const token = newToken();
      await repo.insert({ memberId, tokenHash: sha256(token), expiresAt: new Date(ctx.now().getTime() + ttlMs), ip });
      return token;
    },
    async verify(token: string): Promise<MemberSession | null> {
      if (!token || token.length > 200) return null;
      return repo.findLive(sha256(token), ctx.now());
    },
    async close(sessionId: number) {
      await repo.revoke(sessionId, ctx.now());
    },
    async closeAll(memberId: number) {
      await repo.revokeAllOf(memberId, ctx.now());
    },
  };
}
