import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { changePassword, newMember, post } from '../auth/testing.ts';
import {
  connectSocket,
  connectWs,
  heard,
  join,
  joinedWs,
  listen,
  nextMessage,
  staysQuiet,
  type WsClient,
  whenDropped,
  within,
} from './socket-testing.ts';
import { call, newGuestId, OPERATOR, textMessage } from './testing.ts';

let t: TestApp;
let base: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT: 'off',
    // The periodic session check of member sockets, short enough for a test to wait for.
    CHAT_SOCKET_RECHECK_MS: '200',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
  });
  base = await listen(t);
});
const openWs: WsClient[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
  for (const ws of openWs.splice(0)) ws.socket.close();
});
afterAll(() => t.close());

async function socketFor(auth: Parameters<typeof connectSocket>[1]) {
  const socket = await connectSocket(base, auth);
  open.push(socket);
  return socket;
}
const room = (id: string) => `krapao-chat:${id}`;
const sendAs = (body: object, token?: string) => call(t, 'POST', '/api/chat/send-message', body, { token });

describe('socket.io rooms', () => {
  it('delivers a message to both clients of one guest in its room', async () => {
    const guestId = newGuestId();
    const [a, b] = await Promise.all([socketFor({ guestId }), socketFor({ guestId })]);
    expect(await join(a, room(guestId))).toEqual({ ok: true, room: room(guestId) });
    expect((await join(b, room(guestId))).ok).toBe(true);
    const heard = Promise.all([nextMessage(a), nextMessage(b)]);
    const sent = await sendAs({ guestId, message: textMessage('both of you') });
    const [toA, toB] = await heard;
    expect(toA).toEqual(toB);
    expect(toA).toMatchObject({
      _id: sent.json()._id,
      sender: 'customer',
      guestId,
      session_id: sent.json().session_id,
    });
    expect(toA.message).toEqual(textMessage('both of you'));
  });

  it('refuses a guest joining another guest’s or a member’s room, and keeps it deaf to them', async () => {
    const victim = newGuestId();
    const intruder = await socketFor({ guestId: newGuestId() });
    expect(await join(intruder, room(victim))).toEqual({ ok: false, message: 'UNAUTHORIZED' });
    expect((await join(intruder, room('100001'))).ok).toBe(false);
    expect((await join(intruder, 'krapao-chat:operator')).ok).toBe(false);
    const quiet = staysQuiet(intruder);
    await sendAs({ guestId: victim, message: textMessage('private') });
    expect(await quiet).toBe(true);
  });

  it('joins a member by token to the room of their user id, and refuses a bad token or no identity', async () => {
    const member = await newMember(t);
    const socket = await socketFor({ token: member.token });
    expect((await join(socket, room(newGuestId()))).ok).toBe(false);
    expect((await join(socket, room(String(member.id)))).ok).toBe(true);
    const heard = nextMessage(socket);
    await sendAs({ message: textMessage('from my phone') }, member.token);
    expect((await heard).userId).toBe(String(member.id));
    await expect(connectSocket(base, { token: 'not-a-session' })).rejects.toThrow('invalid-token');
    await expect(connectSocket(base, {})).rejects.toThrow('KEY_MISSING');
    await expect(connectSocket(base, { guestId: 'guest-1' } as never)).rejects.toThrow('KEY_INVALID');
  });

  it('lets the operator hear every conversation, and an agent reply reach the customer', async () => {
    await expect(connectSocket(base, { operatorToken: 'wrong-operator-token' })).rejects.toThrow('UNAUTHORIZED');
    const operator = await socketFor({ operatorToken: OPERATOR });
    expect((await join(operator, 'krapao-chat:operator')).ok).toBe(true);
    const guestId = newGuestId();
    const customer = await socketFor({ guestId });
    await join(customer, room(guestId));
    const toOperator = nextMessage(operator);
    await sendAs({ guestId, message: textMessage('anyone there?') });
    expect((await toOperator).guestId).toBe(guestId);
    const toCustomer = nextMessage(customer);
    await call(t, 'POST', '/api/chat/agent/reply', { guestId, message: textMessage('Yes!') }, { operator: true });
    expect(await toCustomer).toMatchObject({ sender: 'agent', message: textMessage('Yes!') });
  });
});

describe('the plain WebSocket backend', () => {
  it('joins by first frame and sends the same message JSON as socket.io', async () => {
    const guestId = newGuestId();
    const ws = await connectWs(base);
    ws.socket.send(JSON.stringify({ event: 'join', guestId }));
    expect(await ws.next()).toEqual({ event: 'joined', room: room(guestId) });
    const io = await socketFor({ guestId });
    await join(io, room(guestId));
    const viaIo = nextMessage(io);
    await sendAs({ guestId, message: textMessage('over both') });
    const frame = await ws.next();
    expect(frame).toEqual({ event: 'messaging', data: await viaIo });
    ws.socket.close();
  });

  it('answers a bad frame with an error and closes on a bad token', async () => {
    const ws = await connectWs(base);
    ws.socket.send('not json');
    expect(await ws.next()).toEqual({ event: 'error', message: 'KEY_INVALID' });
    const closed = new Promise<number>((resolve) => ws.socket.once('close', resolve));
    ws.socket.send(JSON.stringify({ event: 'join', token: 'not-a-session' }));
    expect(await ws.next()).toEqual({ event: 'error', message: 'invalid-token' });
    expect(await closed).toBe(4003);
  });
});

describe('the sockets of an ended session', () => {
  /** A member's socket.io and WebSocket clients, joined to the member's room, recording what they hear. */
  async function devices(token: string, memberId: number) {
    const io = await socketFor({ token });
    expect((await join(io, room(String(memberId)))).ok).toBe(true);
    const ws = await joinedWs(base, { token });
    openWs.push(ws);
    return { io, ws, ioHeard: heard(io), ioDropped: whenDropped(io) };
  }
  const reply = (memberId: number, text: string) =>
    call(
      t,
      'POST',
      '/api/chat/agent/reply',
      { userId: String(memberId), message: textMessage(text) },
      { operator: true },
    );
  const messagingFrames = (ws: WsClient) => ws.all.filter((f) => f.event === 'messaging');

  /** The revoked devices were dropped within 1 s; a reply then reaches `live` and none of them. */
  async function expectDropped(
    ended: Awaited<ReturnType<typeof devices>>[],
    live: Awaited<ReturnType<typeof devices>>,
    memberId: number,
  ) {
    for (const d of ended) {
      expect((await within(d.ioDropped, 1_000, 'socket.io dropped')).reason).toBe('io server disconnect');
      expect((await within(d.ws.closed, 1_000, 'WebSocket closed')).code).toBe(4003);
    }
    const toLive = Promise.all([nextMessage(live.io), live.ws.next()]);
    const sent = await reply(memberId, 'after the end');
    expect(sent.statusCode).toBe(200);
    const [viaIo, viaWs] = await toLive;
    expect(viaIo._id).toBe(sent.json()._id);
    expect(viaWs).toEqual({ event: 'messaging', data: viaIo });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const d of ended) {
      expect(d.ioHeard).toEqual([]);
      expect(messagingFrames(d.ws)).toEqual([]);
      expect(d.io.connected).toBe(false);
    }
  }

  it('drops a session’s sockets at logout, and keeps the other device’s', async () => {
    const member = await newMember(t);
    const other = (await post(t, '/api/login', { username: member.username, password: member.password })).json().token;
    await sendAs({ message: textMessage('hello') }, member.token);
    const [mine, theirs] = [await devices(member.token, member.id), await devices(other, member.id)];
    expect((await post(t, '/api/logout', {}, { token: member.token })).statusCode).toBe(200);
    await expectDropped([mine], theirs, member.id);
    expect(theirs.io.connected).toBe(true);
  });

  it('drops every socket of the member at a password change; the new token’s socket hears the reply', async () => {
    const member = await newMember(t);
    const other = (await post(t, '/api/login', { username: member.username, password: member.password })).json().token;
    await sendAs({ message: textMessage('hello') }, member.token);
    const ended = [await devices(member.token, member.id), await devices(other, member.id)];
    const res = await changePassword(t, member.token, member.password, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    await expectDropped(ended, await devices(res.json().token, member.id), member.id);
  });

  it('drops, at its next check, a socket whose session ended behind the app’s back; guests stay', async () => {
    const member = await newMember(t);
    const mine = await devices(member.token, member.id);
    const guestId = newGuestId();
    const guest = await socketFor({ guestId });
    await join(guest, room(guestId));
    const guestWs = await joinedWs(base, { guestId });
    openWs.push(guestWs);
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.tokenHash, sha256(member.token)), isNull(sessions.revokedAt)));
    t.app.sessions.clearCache();
    expect((await within(mine.ioDropped, 3_000, 'socket.io dropped')).reason).toBe('io server disconnect');
    expect((await within(mine.ws.closed, 3_000, 'WebSocket closed')).code).toBe(4003);
    const toGuest = Promise.all([nextMessage(guest), guestWs.next()]);
    await sendAs({ guestId, message: textMessage('still here') });
    const [viaIo, viaWs] = await toGuest;
    expect(viaWs).toEqual({ event: 'messaging', data: viaIo });
  });
});
