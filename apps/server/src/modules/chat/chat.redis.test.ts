// Two server instances on one database behind one Redis (docs/architecture.md §7): a message sent on A reaches
// clients of B, a guest's and a member's; a logout on A drops the member's sockets on B.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { newMember, post } from '../auth/testing.ts';
import {
  connectSocket,
  connectWs,
  heard,
  join,
  joinedWs,
  listen,
  nextMessage,
  whenDropped,
  within,
} from './socket-testing.ts';
import { call, newGuestId, OPERATOR, textMessage } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('chat across two instances on Redis', () => {
  const env = {
    REDIS_URL: REDIS_URL ?? '',
    REDIS_PREFIX: `test-${randomUUID()}:`,
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT: 'off',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
  };
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp(env);
    b = await secondInstance(a);
    baseA = await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  it('delivers a message sent on instance A to socket.io and WebSocket clients on instance B', async () => {
    const guestId = newGuestId();
    const room = `krapao-chat:${guestId}`;
    const [first, second] = await Promise.all([connectSocket(baseB, { guestId }), connectSocket(baseB, { guestId })]);
    sockets.push(first, second);
    await join(first, room);
    await join(second, room);
    const ws = await connectWs(baseB);
    ws.socket.send(JSON.stringify({ event: 'join', guestId }));
    expect((await ws.next()).event).toBe('joined');
    // The adapter subscribes to Redis asynchronously at start: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const heard = Promise.all([nextMessage(first, 5_000), nextMessage(second, 5_000), ws.next(5_000)]);
    const sent = await call(a, 'POST', '/api/chat/send-message', { guestId, message: textMessage('from A') });
    expect(sent.statusCode).toBe(200);
    const [one, two, frame] = await heard;
    expect(one).toMatchObject({ _id: sent.json()._id, message: textMessage('from A') });
    expect(two).toEqual(one);
    expect(frame).toEqual({ event: 'messaging', data: one });
    ws.socket.close();
  });

  it('delivers a member’s message sent on A to the member’s socket on B', async () => {
    const member = await newMember(a);
    const socket = await connectSocket(baseB, { token: member.token });
    sockets.push(socket);
    expect((await join(socket, `krapao-chat:${member.id}`)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const heard = nextMessage(socket, 5_000);
    await call(a, 'POST', '/api/chat/send-message', { message: textMessage('from A') }, { token: member.token });
    expect(await heard).toMatchObject({ userId: String(member.id), message: textMessage('from A') });
  });

  it('drops the member’s sockets on B within 1 s of a logout on A; a reply then reaches none of them', async () => {
    const member = await newMember(a);
    const other = (await post(a, '/api/login', { username: member.username, password: member.password })).json().token;
    await call(a, 'POST', '/api/chat/send-message', { message: textMessage('hello') }, { token: member.token });
    const room = `krapao-chat:${member.id}`;
    const onB = await connectSocket(baseB, { token: member.token });
    const onA = await connectSocket(baseA, { token: member.token });
    const survivor = await connectSocket(baseB, { token: other });
    sockets.push(onB, onA, survivor);
    for (const socket of [onB, onA, survivor]) expect((await join(socket, room)).ok).toBe(true);
    const ws = await joinedWs(baseB, { token: member.token });
    const dropped = [whenDropped(onB), whenDropped(onA)];
    const ended = [heard(onB), heard(onA)];

    expect((await post(a, '/api/logout', {}, { token: member.token })).statusCode).toBe(200);
    for (const drop of dropped)
      expect((await within(drop, 1_000, 'socket.io dropped')).reason).toBe('io server disconnect');
    expect((await within(ws.closed, 1_000, 'WebSocket on B closed')).code).toBe(4003);

    const toSurvivor = nextMessage(survivor, 5_000);
    const reply = { userId: String(member.id), message: textMessage('after logout') };
    expect((await call(a, 'POST', '/api/chat/agent/reply', reply, { operator: true })).statusCode).toBe(200);
    expect((await toSurvivor).message).toEqual(textMessage('after logout'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toEqual([[], []]);
    expect(ws.all.filter((f) => f.event === 'messaging')).toEqual([]);
    expect(survivor.connected).toBe(true);
  });
});
