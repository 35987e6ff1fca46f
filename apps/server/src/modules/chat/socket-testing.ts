// Realtime clients for the chat tests: socket.io-client and a plain WebSocket, with small waits.
import type { AddressInfo } from 'node:net';
import type { TChatMessage, TJoinAck, TSocketAuth, TWsServerFrame } from '@krapao/contracts/chat';
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

export type WsClient = { socket: WebSocket; next: (ms?: number) => Promise<TWsServerFrame> };

export async function connectWs(base: string): Promise<WsClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/chat/ws`);
  const frames: TWsServerFrame[] = [];
  const waiting: ((frame: TWsServerFrame) => void)[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as TWsServerFrame;
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
