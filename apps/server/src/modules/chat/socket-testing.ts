// Realtime clients for the chat tests: socket.io-client and a plain WebSocket, with small waits.
import type { AddressInfo } from 'node:net';
import type { TChatMessage, TJoinAck, TSocketAuth, TWsServerFrame } from '@krapao/contracts/chat';
import {
  MEMBER_LIVE_CURSOR_EVENT,
  MEMBER_LIVE_EVENT,
  type TMemberLiveCursor,
  type TMemberLiveEvent,
} from '@krapao/contracts/live';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { TestApp } from '../../test/test-app.ts';

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A connected socket.io client, or the connect error's message. */
export function connectSocket(base: string, auth: TSocketAuth): Promise<Socket> {
  const socket = io(base, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export type LiveConnected = { socket: Socket; missed: TMemberLiveEvent[]; cursor: number };

/**
 * A member socket with its listeners on before it connects (the server may send a gap's events and
 * the cursor in the same packet as the connection): what it was sent before its live cursor.
 */
export function connectLive(base: string, auth: TSocketAuth): Promise<LiveConnected> {
  const socket = io(base, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const missed: TMemberLiveEvent[] = [];
  socket.on(MEMBER_LIVE_EVENT, (event: TMemberLiveEvent) => missed.push(event));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no live cursor'));
    }, 3_000);
    socket.once(MEMBER_LIVE_CURSOR_EVENT, (told: TMemberLiveCursor) => {
      clearTimeout(timer);
      resolve({ socket, missed: [...missed], cursor: told.cursor });
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}

export function join(socket: Socket, room: string): Promise<TJoinAck> {
  return socket.timeout(3_000).emitWithAck('join', room);
}

/** The next 'messaging' event, or a rejection after `ms`. */
export function nextMessage(socket: Socket, ms = 3_000): Promise<TChatMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no messaging event')), ms);
    socket.once('messaging', (message: TChatMessage) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}

/** Resolves true when no 'messaging' event arrived within `ms`. */
export function staysQuiet(socket: Socket, ms = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = () => resolve(false);
    socket.once('messaging', onMessage);
    setTimeout(() => {
      socket.off('messaging', onMessage);
      resolve(true);
    }, ms);
  });
}

/** Every 'messaging' event the client hears from now on. */
export function heard(socket: Socket): TChatMessage[] {
  const messages: TChatMessage[] = [];
  socket.on('messaging', (message: TChatMessage) => messages.push(message));
  return messages;
}

/** The time and reason of the server dropping the client; call it before the drop can happen. */
export function whenDropped(socket: Socket): Promise<{ at: number; reason: string }> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve({ at: Date.now(), reason })));
}

/** `promise`'s value, or a rejection naming `what` when it takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export type WsClient = {
  socket: WebSocket;
  next: (ms?: number) => Promise<TWsServerFrame>;
  /** Every frame received, in order (`next` still hands each out once). */
  all: TWsServerFrame[];
  /** The close code and when the connection closed. */
  closed: Promise<{ at: number; code: number }>;
};

export async function connectWs(base: string): Promise<WsClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/chat/ws`);
  const frames: TWsServerFrame[] = [];
  const all: TWsServerFrame[] = [];
  const waiting: ((frame: TWsServerFrame) => void)[] = [];
  const closed = new Promise<{ at: number; code: number }>((resolve) =>
    socket.once('close', (code) => resolve({ at: Date.now(), code })),
  );
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as TWsServerFrame;
    all.push(frame);
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    all,
    closed,
    next: (ms = 3_000) =>
      new Promise((resolve, reject) => {
        const queued = frames.shift();
        if (queued) return resolve(queued);
        const timer = setTimeout(() => reject(new Error('no frame')), ms);
        waiting.push((frame) => {
          clearTimeout(timer);
          resolve(frame);
        });
      }),
  };
}

/** A plain WebSocket client joined with `auth`, its 'joined' frame already read. */
export async function joinedWs(base: string, auth: { token?: string; guestId?: string }): Promise<WsClient> {
  const ws = await connectWs(base);
  ws.socket.send(JSON.stringify({ event: 'join', ...auth }));
  const frame = await ws.next();
  if (frame.event !== 'joined') throw new Error(`join refused: ${JSON.stringify(frame)}`);
  return ws;
}
