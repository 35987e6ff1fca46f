import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket } from '../../../test/fake-socket';
import { connectChatSocket } from './chat-socket';

const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    calls.push(args);
    return createFakeSocket();
  },
}));

afterEach(() => {
  calls.length = 0;
});

describe('the chat socket', () => {
  it('speaks WebSocket only, so no poll can land on a server instance that never saw the session', () => {
    const stop = connectChatSocket({
      prefix: 'krapao-chat',
      ownerId: 'guest-1',
      auth: { guestId: 'guest-1' },
      onMessage: () => {},
    });
    stop();
    const options = calls[0]?.at(-1) as { transports?: string[]; path?: string };
    expect(options.transports).toEqual(['websocket']);
    expect(options.path).toBe('/socket.io');
  });
});
