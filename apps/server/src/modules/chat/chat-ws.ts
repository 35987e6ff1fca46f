// The plain WebSocket chat backend (docs/product.md §5, decision 013): the SPA built with
// VITE_CHAT_BACKEND connects here as well. The first frame joins with a token or guest id (never in
// the URL, where it would be logged); after that the server sends the same message JSON as the
// socket.io 'messaging' event, wrapped as { event: 'messaging', data }.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { chatPaths, chatRoom, type TChatMessage, type TWsServerFrame, ZWsClientFrame } from '@krapao/contracts/chat';
import type { FastifyBaseLogger } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AuthResolver } from './chat-realtime.ts';
import type { SessionWatch } from './chat-session-watch.ts';

const JOIN_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

/** The close code that tells a client the server is restarting and it may come back (RFC 6455 registry). */
const WS_RESTARTING = 1012;

export function createChatWs(opts: {
  server: HttpServer;
  prefix: string;
  resolve: AuthResolver;
  watch: SessionWatch;
  log: FastifyBaseLogger;
}) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4_096 });
  const rooms = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();

  const send = (socket: WebSocket, frame: TWsServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  function leave(socket: WebSocket, room: string | null) {
    if (!room) return;
    const members = rooms.get(room);
    members?.delete(socket);
    if (members?.size === 0) rooms.delete(room);
  }

  wss.on('connection', (socket) => {
    let room: string | null = null;
    let joining = false;
    let unwatch = () => {};
    alive.add(socket);
    const timer = setTimeout(() => socket.close(4001, 'join first'), JOIN_TIMEOUT_MS);
    socket.on('pong', () => alive.add(socket));
    socket.on('message', async (raw) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(raw));
      } catch {
        frame = null;
      }
      const parsed = ZWsClientFrame.safeParse(frame);
      if (!parsed.success || room || joining) return send(socket, { event: 'error', message: 'KEY_INVALID' });
      joining = true;
      const since = opts.watch.mark();
      const peer = await opts.resolve({ token: parsed.data.token, guestId: parsed.data.guestId }).catch(() => null);
      if (!peer) {
        send(socket, { event: 'error', message: parsed.data.token ? 'invalid-token' : 'UNAUTHORIZED' });
        return socket.close(4003, 'unauthorized');
      }
      if (socket.readyState !== socket.OPEN) return;
      clearTimeout(timer);
      const joined = chatRoom(opts.prefix, peer.owner);
      room = joined;
      const members = rooms.get(joined) ?? new Set<WebSocket>();
      members.add(socket);
      rooms.set(joined, members);
      if (peer.session) {
        // The session ended: nothing more reaches this socket, and it is closed as a bad token is.
        unwatch = opts.watch.watch(peer.session, since, () => {
          leave(socket, joined);
          send(socket, { event: 'error', message: 'invalid-token' });
          socket.close(4003, 'session ended');
        });
      }
      send(socket, { event: 'joined', room: joined });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      unwatch();
      leave(socket, room);
    });
    socket.on('error', (err) => opts.log.info({ err: err.message }, 'chat ws'));
  });

  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== chatPaths.ws) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  opts.server.on('upgrade', onUpgrade);

  return {
    deliver(room: string, message: TChatMessage) {
      for (const socket of rooms.get(room) ?? []) send(socket, { event: 'messaging', data: message });
    },
    close() {
      clearInterval(heartbeat);
      opts.server.off('upgrade', onUpgrade);
      for (const socket of wss.clients) {
        socket.close(WS_RESTARTING, 'server restarting');
        // A client that never answers the close does not hold the stop up.
        setTimeout(() => socket.terminate(), 1_000).unref();
      }
      wss.close();
    },
  };
}
