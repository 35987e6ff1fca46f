// Opaque bearer tokens: 32 random bytes to the client, only their SHA-256 in the database, an
// expiry, and revocation on logout and on password change (docs/architecture.md §5). Verified sessions are kept
// in process for a few seconds (session-cache.ts, decision 034); every revocation goes through here
// so that it drops them on every instance at once.
import type { AppContext } from '../../context.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { MemberSession } from '../../plugins/authenticate.ts';
import { createSessionHotPath, type FailureRow } from './auth.hot-path.ts';
import { createSessionRepository } from './session.repository.ts';
import { type CachedSession, createSessionCache, type Revocation, type SessionCacheOptions } from './session-cache.ts';

export type SessionService = ReturnType<typeof buildSessionService>;
export type { MemberSession } from '../../plugins/authenticate.ts';

/** One service per app context: the login, the account module and `authenticate` share its cache. */
const perContext = new WeakMap<AppContext, SessionService>();

export function createSessionService(ctx: AppContext): SessionService {
  let service = perContext.get(ctx);
  if (!service) {
    service = buildSessionService(ctx);
    perContext.set(ctx, service);
  }
  return service;
}

function buildSessionService(ctx: AppContext) {
  const repo = createSessionRepository(ctx.db);
  const hot = createSessionHotPath(ctx.db);
  const ttlMs = ctx.config.SESSION_TTL_HOURS * 3_600_000;
  const cacheOptions: SessionCacheOptions = {
    ttlMs: ctx.config.SESSION_CACHE_MS,
    max: ctx.config.SESSION_CACHE_MAX,
    now: ctx.now,
    redisUrl: ctx.config.REDIS_URL,
    channel: `${ctx.config.REDIS_PREFIX}sessions:revoked`,
    onRevocation: (r) => {
      for (const listener of revokedListeners) {
        try {
          listener(r);
        } catch (err) {
          cacheOptions.log?.warn({ err: (err as Error).message }, 'session revocation listener');
        }
      }
    },
  };
  const revokedListeners = new Set<(r: Revocation) => void>();
  const cache = createSessionCache(cacheOptions);

  return {
    /**
     * A new session for the member, made from the password of `credentialVersion`; its token goes to
     * the client. Null when the password changed since that version was read: no session is made.
     * `clearFailures` names the login's failure row, deleted in the same statement.
     */
    async open(
      memberId: number,
      ip: string | null,
      opts: { credentialVersion: number; clearFailures?: FailureRow },
    ): Promise<string | null> {
      const token = newToken();
      const tokenHash = sha256(token);
      const expiresAt = new Date(ctx.now().getTime() + ttlMs);
      const since = cache.begin();
      const row = { memberId, tokenHash, expiresAt, ip, credentialVersion: opts.credentialVersion };
      const sessionId = await hot.insert(row, opts.clearFailures);
      if (sessionId === null) return null;
      cache.set(tokenHash, { memberId, sessionId, expiresAt }, since);
      return token;
    },
    async verify(token: string): Promise<MemberSession | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = sha256(token);
      const cached = cache.get(tokenHash);
      if (cached) return { memberId: cached.memberId, sessionId: cached.sessionId };
      const since = cache.begin();
      const row = await hot.findLive(tokenHash, ctx.now());
      if (!row) return null;
      cache.set(tokenHash, row, since);
      return { memberId: row.memberId, sessionId: row.sessionId };
    },
    async verifyWith<T>(
      token: string,
      known: (session: MemberSession) => Promise<T>,
      lookup: (tokenHash: string, now: Date) => Promise<{ session: CachedSession; value: T } | null>,
    ): Promise<{ session: MemberSession; value: T } | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = sha256(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        const session = { memberId: cached.memberId, sessionId: cached.sessionId };
        return { session, value: await known(session) };
      }
      const since = cache.begin();
      const found = await lookup(tokenHash, ctx.now());
      if (!found) return null;
      const { memberId, sessionId, expiresAt } = found.session;
      cache.set(tokenHash, { memberId, sessionId, expiresAt }, since);
      return { session: { memberId, sessionId }, value: found.value };
    },
    async close(sessionId: number) {
      await repo.revoke(sessionId, ctx.now());
      await cache.revoke({ sessionId });
    },
    async closeAll(memberId: number) {
      await repo.revokeAllOf(memberId, ctx.now());
      await cache.revoke({ memberId });
    },
    /**
     * For whatever makes a member not ACTIVE (their sessions stay in the table but stop working):
     * call after the change is committed, so no instance keeps trusting them.
     */
    async forgetMember(memberId: number) {
      await cache.revoke({ memberId });
    },
    /**
     * Calls `listener` for every revocation, made on this instance or heard from another one, as soon
     * as it is known here (the chat drops the revoked sessions' sockets). Answers the unsubscribe.
     */
    onRevoked(listener: (r: Revocation) => void): () => void {
      revokedListeners.add(listener);
      return () => {
        revokedListeners.delete(listener);
      };
    },
    /** Empties this instance's cache: for tests that change sessions in the database directly. */
    clearCache() {
      cache.clear();
    },
    /** Where the cache reports Redis trouble (the app's logger). */
    useLog(log: NonNullable<SessionCacheOptions['log']>) {
      cacheOptions.log = log;
    },
    /** Subscribes to revocations from other instances (app start; nothing to do without Redis). */
    async start() {
      await cache.start();
    },
    /** Ends the Redis subscription (app shutdown). */
    async stop() {
      await cache.close();
    },
  };
}
