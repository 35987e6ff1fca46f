// Stopping without cutting a request. Once stopping: no new connection is accepted (a client
// is refused before it sends a byte), every answer carries `Connection: close` (a kept-alive client
// sends its next request elsewhere), and requests in flight run to their answer. Idle kept-alive
// connections are closed only after a grace with nothing in flight, so a request already on its way
// over one is not cut either.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

const POLL_MS = 20;

export type Drain = {
  readonly stopping: boolean;
  readonly inFlight: number;
  /** Stops accepting connections; from now on each answer closes its connection. */
  begin(): void;
  /** Resolves true once nothing was in flight for `idleGraceMs` (or no connection is left), false at `deadline`. */
  settled(deadline: number): Promise<boolean>;
};

export function createDrain(app: FastifyInstance, opts: { idleGraceMs?: number } = {}): Drain {
  const idleGraceMs = opts.idleGraceMs ?? 1_000;
  let stopping = false;
  let inFlight = 0;
  let idleSince = Date.now();

  // A response emits 'close' once, answered or cut: one shared listener (no closure, no `once`
  // wrapper per request) and callback hooks (no promise per request).
  function requestClosed() {
    inFlight -= 1;
    if (inFlight === 0) idleSince = Date.now();
  }
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    reply.raw.on('close', requestClosed);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  const openConnections = () =>
    new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));

  return {
    get stopping() {
      return stopping;
    },
    get inFlight() {
      return inFlight;
    },
    begin() {
      if (stopping) return;
      stopping = true;
      idleSince = Date.now();
      // net.Server's own close stops listening; http.Server's would also drop idle kept-alive
      // connections at once, racing a request a client is sending over one right now.
      if (app.server.listening) net.Server.prototype.close.call(app.server);
    },
    async settled(deadline) {
      for (;;) {
        if ((await openConnections()) === 0) return true;
        if (inFlight === 0 && Date.now() - idleSince >= idleGraceMs) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
  };
}
