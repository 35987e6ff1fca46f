// socket.io speaks WebSocket only, so instances behind a round-robin balancer need no sticky
// sessions: a long-polling session (whose requests would land on instances that never saw it) is
// refused at its handshake, and a WebSocket client connects and hears its room as before.
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectSocket, join, listen, nextMessage } from './socket-testing.ts';
import { call, newGuestId, textMessage } from './testing.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ CHAT_AGENT: 'off' });
  base = await listen(t);
});
afterAll(() => t.close());

describe('socket.io transports', () => {
  it('refuses a long-polling handshake', async () => {
    const res = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Transport unknown' });
  });

  it('never connects a polling-only client', async () => {
    const socket = io(base, { auth: { guestId: newGuestId() }, transports: ['polling'], reconnection: false });
    try {
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
      expect(outcome).toBe('refused');
    } finally {
      socket.close();
    }
  });

  it('connects a WebSocket client, which hears its room', async () => {
    const guestId = newGuestId();
    const socket = await connectSocket(base, { guestId });
    try {
      expect((await join(socket, `krapao-chat:${guestId}`)).ok).toBe(true);
      const heard = nextMessage(socket);
      await call(t, 'POST', '/api/chat/send-message', { guestId, message: textMessage('over websocket') });
      expect((await heard).message).toEqual(textMessage('over websocket'));
    } finally {
      socket.close();
    }
  });
});
