// A member's chat sockets (socket.io and the plain WebSocket) live no longer than the session they
// signed in with. A revocation — logout, password change, a member made not ACTIVE — drops them at
// once, on this instance and, through the session service's revocation bus, on every other. Every
// CHAT_SOCKET_RECHECK_MS each socket's token is verified again: the backstop for a revocation message
// lost while the bus was down, an expired session, and changes made behind the app's back.
import type { FastifyBaseLogger } from 'fastify';
import type { Revocation } from '../auth/index.ts';

/** The session a member socket signed in with. */
export type SocketSession = { token: string; sessionId: number; memberId: number };

/** What the watch needs of the session service. */
export type SessionSource = {
  verify(token: string): Promise<unknown | null>;
  onRevoked(listener: (r: Revocation) => void): () => void;
};

type Watched = SocketSession & { drop: () => void };

export type SessionWatch = ReturnType<typeof createSessionWatch>;

export function createSessionWatch(opts: { sessions: SessionSource; recheckMs: number; log: FastifyBaseLogger }) {
  const watched = new Set<Watched>();
  /** Bumped by every revocation heard here: a socket verified before one is verified again. */
  let revocations = 0;

  function drop(w: Watched) {
    if (watched.delete(w)) w.drop();
  }

  const unsubscribe = opts.sessions.onRevoked((r) => {
    revocations += 1;
    for (const w of watched) {
      if ('sessionId' in r ? w.sessionId === r.sessionId : w.memberId === r.memberId) drop(w);
    }
  });

  /** Verifies each token once (the session cache answers most); drops the sockets of dead ones. */
  async function recheck(list: Watched[]) {
    const byToken = new Map<string, Watched[]>();
    for (const w of list) byToken.set(w.token, [...(byToken.get(w.token) ?? []), w]);
    let failed: Error | undefined;
    for (const [token, sockets] of byToken) {
      try {
        if ((await opts.sessions.verify(token)) === null) for (const w of sockets) drop(w);
      } catch (err) {
        // A database that does not answer ends no session: the sockets stay until it does.
        failed = err as Error;
      }
    }
    if (failed) opts.log.warn({ err: failed.message }, 'chat sockets: session recheck');
  }

  let checking = false;
  const timer =
    opts.recheckMs > 0
      ? setInterval(() => {
          if (checking || watched.size === 0) return;
          checking = true;
          void recheck([...watched]).finally(() => {
            checking = false;
          });
        }, opts.recheckMs)
      : undefined;
  timer?.unref();

  return {
    /** Call before verifying a socket's token; hand the answer to `watch`. */
    mark(): number {
      return revocations;
    },
    /**
     * Drops the socket (`dropSocket`) when its session ends. If a revocation came while its token
     * was being verified (`since` from `mark`), the token is verified again now. Answers the unwatch.
     */
    watch(session: SocketSession, since: number, dropSocket: () => void): () => void {
      const w: Watched = { ...session, drop: dropSocket };
      watched.add(w);
      if (since !== revocations) void recheck([w]);
      return () => {
        watched.delete(w);
      };
    },
    /** Member sockets watched now (tests). */
    get size() {
      return watched.size;
    },
    close() {
      clearInterval(timer);
      unsubscribe();
      watched.clear();
    },
  };
}
