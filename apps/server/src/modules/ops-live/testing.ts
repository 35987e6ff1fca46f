// Live channel clients for the tests: socket.io-client with a staff session cookie.
import {
  OPS_CHANGE_EVENT,
  OPS_LIVE_EVENT,
  OPS_LIVE_PATH,
  type TOpsChangeEvent,
  type TOpsQueueEvent,
} from '@krapao/contracts/ops/live';
import { OPS_SESSION_COOKIE } from '@krapao/contracts/ops/paths';
import { io, type Socket } from 'socket.io-client';

/** A connected live socket with the session `token` (none when undefined), or the connect error. */
export function connectLive(base: string, token: string | undefined): Promise<Socket> {
  const socket = io(base, {
    path: OPS_LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? { extraHeaders: { cookie: `${OPS_SESSION_COOKIE}=${token}` } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Every queue event the socket hears from now on. */
export function heardEvents(socket: Socket): TOpsQueueEvent[] {
  const events: TOpsQueueEvent[] = [];
  socket.on(OPS_LIVE_EVENT, (event: TOpsQueueEvent) => events.push(event));
  return events;
}

/** The next queue event, or a rejection after `ms`. */
export function nextEvent(socket: Socket, ms = 3_000): Promise<TOpsQueueEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no queue event')), ms);
    socket.once(OPS_LIVE_EVENT, (event: TOpsQueueEvent) => {
      clearTimeout(timer);
      resolve(event);
    });
  });
}

/** Every `changed` event the socket hears from now on. */
export function heardChanges(socket: Socket): TOpsChangeEvent[] {
  const events: TOpsChangeEvent[] = [];
  socket.on(OPS_CHANGE_EVENT, (event: TOpsChangeEvent) => events.push(event));
  return events;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
