import { OPS_LIVE_EVENT } from '@krapao/contracts/ops/live';
import { describe, expect, it, vi } from 'vitest';
import { connectOpsLive, type LiveSocket, type LiveStatus } from './live';
import { createQueryClient } from './query-client';

/** A socket the test drives: `emit` plays what the server and the transport would do. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    active: true,
    closed: false,
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
      return socket;
    },
    close() {
      socket.closed = true;
      return socket;
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return socket;
}

function setUp() {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const statuses: LiveStatus[] = [];
  const socket = fakeSocket();
  const close = connectOpsLive(
    client,
    (s) => statuses.push(s),
    () => socket as LiveSocket,
  );
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { socket, statuses, keys, close };
}

describe('the live channel', () => {
  it('reloads the queue an event names, and nothing for a malformed event', () => {
    const { socket, statuses, keys } = setUp();
    socket.emit('connect');
    socket.emit(OPS_LIVE_EVENT, { queue: 'withdrawals', id: '5', change: 'added' });
    socket.emit(OPS_LIVE_EVENT, { queue: 'nope', id: '5', change: 'added' });
    expect(statuses).toEqual(['connected']);
    expect(keys()).toEqual([['ops', 'withdrawals']]);
  });

  it('shows a reconnection and reloads every queue once back', () => {
    const { socket, statuses, keys } = setUp();
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    socket.emit('connect');
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);
    expect(keys()).toContainEqual(['ops', 'withdrawals']);
    expect(keys()).toContainEqual(['ops', 'slips']);
    expect(keys()).not.toContainEqual(['ops', 'me']);
  });

  it('checks the session when the server refuses or ends the connection', () => {
    const { socket, keys, close } = setUp();
    socket.active = false;
    socket.emit('connect_error', new Error('OPS_SIGNED_OUT'));
    expect(keys()).toEqual([['ops', 'me']]);
    close();
    expect(socket.closed).toBe(true);
  });
});
