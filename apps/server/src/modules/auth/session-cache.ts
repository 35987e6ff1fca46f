// Verified sessions kept in process for a few seconds (decision 034), so most member calls need no
// session statement. An entry lives at most SESSION_CACHE_MS and never past its session's expiry.
// Revocations drop entries at once: here directly, on the other instances through the revocation
// bus (Redis). With REDIS_URL set, nothing is cached while this instance is not subscribed (it
// could miss a revocation), and the cache is emptied whenever the subscription drops.
import { createExpiringMap } from '../../lib/expiring-map.ts';
import { createRevocationBus, type Revocation, type RevocationBus } from './revocation-bus.ts';

export type { Revocation } from './revocation-bus.ts';
export type CachedSession = { memberId: number; sessionId: number; expiresAt: Date };

type Log = { warn: (obj: object, msg: string) => void };

export type SessionCacheOptions = {
  ttlMs: number;
  max: number;
  /** The app's clock, which session expiries are in. */
  now: () => Date;
  redisUrl?: string;
  channel: string;
  log?: Log;
  /** Every revocation, made here or heard from another instance, once its entries are dropped. */
  onRevocation?: (r: Revocation) => void;
};

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(opts: SessionCacheOptions) {
  const entries = createExpiringMap<string, CachedSession>({ ttlMs: opts.ttlMs, max: opts.max });
  const enabled = opts.ttlMs > 0 && opts.max > 0;
  /** Bumped by every revocation: a lookup that began before one may not fill the cache. */
  let generation = 0;
  let bus: RevocationBus | null = null;
  let closed = false;
  /** Resolved whenever the subscription is (back) in place. */
  let onLive: (() => void)[] = [];

  /** Without Redis there is no one to hear from; with it, only while subscribed. */
  const live = () => enabled && !closed && (!opts.redisUrl || (bus?.live ?? false));

  function dropLocal(r: Revocation) {
    generation += 1;
    for (const [hash, e] of entries.entries()) {
      if ('sessionId' in r ? e.sessionId === r.sessionId : e.memberId === r.memberId) entries.delete(hash);
    }
    opts.onRevocation?.(r);
  }

  function clear() {
    generation += 1;
    entries.clear();
  }

  /**
   * Subscribes on first use, so scripts that never verify a token open no connection. An instance
   * whose own cache is off still publishes its revocations (and acknowledges the others').
   */
  function connect() {
    if (bus || closed || !opts.redisUrl) return;
    bus = createRevocationBus({
      redisUrl: opts.redisUrl,
      channel: opts.channel,
      log: () => opts.log,
      onRevocation: dropLocal,
      // Anything published while we were away is lost: start again from nothing.
      onLive: (isLive) => {
        clear();
        if (!isLive) return;
        for (const resolve of onLive) resolve();
        onLive = [];
      },
    });
  }

  return {
    /**
     * Subscribes now (app start) and resolves once subscribed, or after `waitMs` if Redis does not
     * answer: until then nothing is cached, which is slower but never wrong.
     */
    async start(waitMs = 2_000) {
      connect();
      if (!bus || bus.live) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        onLive.push(resolve);
        timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(timer);
    },
    /** Call before the database lookup whose answer may go into the cache. */
    begin(): number {
      connect();
      return generation;
    },
    get(tokenHash: string): CachedSession | null {
      if (!live()) return null;
      const e = entries.get(tokenHash);
      if (!e) return null;
      if (e.expiresAt.getTime() <= opts.now().getTime()) {
        entries.delete(tokenHash);
        return null;
      }
      return { memberId: e.memberId, sessionId: e.sessionId, expiresAt: e.expiresAt };
    },
    /** Keeps a live session read since `begin` answered `since`, unless a revocation came in between. */
    set(tokenHash: string, session: CachedSession, since: number) {
      if (!live() || since !== generation) return;
      entries.set(tokenHash, {
        memberId: session.memberId,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
      });
    },
    /** After the database revoked: drops the entries here, then on every other instance. */
    async revoke(r: Revocation) {
      dropLocal(r);
      connect();
      await bus?.publish(r);
    },
    /** Forgets every entry of this instance (tests that change sessions behind the app's back). */
    clear,
    async close() {
      closed = true;
      clear();
      for (const resolve of onLive) resolve();
      onLive = [];
      await bus?.close();
      bus = null;
    },
  };
}
