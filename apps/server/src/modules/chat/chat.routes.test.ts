import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations } from '../../db/schema/chat.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { call, newGuestId, OPERATOR, textMessage } from './testing.ts';

const env = () => ({
  OPERATOR_TOKEN: OPERATOR,
  CHAT_AGENT: 'off',
  UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(env());
});
afterAll(() => t.close());

const send = (body: object, who = {}, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    payload: body,
    headers: {
      'x-wallet-user': 'true',
      ...extraHeaders,
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
    },
  });
const history = (body: object, token?: string) => call(t, 'POST', '/api/chat/history', body, { token });

describe('GET /api/chat/config', () => {
  it('answers the room prefix', async () => {
    const res = await call(t, 'GET', '/api/chat/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ PREFIX: 'krapao-chat' });
  });
});

describe('POST /api/chat/send-message', () => {
  it('stores a guest text, trimmed, and answers its id, createdAt and session', async () => {
    const guestId = newGuestId();
    const res = await send({ guestId, message: textMessage('  สวัสดีค่ะ  ') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const page = (await history({ guestId, limit: 10, skip: 0 })).json();
    expect(page.total).toBe(1);
    expect(page.messages[0]).toMatchObject({
      _id: body._id,
      sender: 'customer',
      message: { message_type: 'text', payload: { text: 'สวัสดีค่ะ' } },
      userId: null,
      guestId,
      createdAt: body.createdAt,
      session_id: body.session_id,
    });
  });

  it('refuses text that is empty after trimming or longer than 2000 characters', async () => {
    const guestId = newGuestId();
    for (const text of ['   ', '', 'x'.repeat(2001)]) {
      const res = await send({ guestId, message: textMessage(text) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('KEY_INVALID');
    }
    expect((await send({ guestId, message: textMessage('x'.repeat(2000)) })).statusCode).toBe(200);
  });

  it('answers KEY_MISSING without a message or without anyone to send it as', async () => {
    const missingMessage = await send({ guestId: newGuestId() });
    expect(missingMessage.json()).toMatchObject({ message: 'KEY_MISSING' });
    const nobody = await send({ message: textMessage('hi') });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ message: 'KEY_MISSING', fields: ['guestId'] });
  });

  it('refuses a malformed guest id, an unknown field and a type a customer cannot send', async () => {
    for (const guestId of [
      'guest-123',
      `guest-${'a'.repeat(36)}`,
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      'guest-f47ac10b-58cc-1372-a567-0e02b2c3d479',
    ]) {
      expect((await send({ guestId, message: textMessage('hi') })).json().message).toBe('KEY_INVALID');
    }
    const guestId = newGuestId();
    expect((await send({ guestId, message: textMessage('hi'), extra: 1 })).json().message).toBe('KEY_INVALID');
    const generic = { message_type: 'generic', payload: { elements: [] } };
    expect((await send({ guestId, message: generic })).json().message).toBe('KEY_INVALID');
    const media = { message_type: 'media', payload: { fileType: 'image', filePath: '/etc/passwd' } };
    expect((await send({ guestId, message: media })).json().message).toBe('KEY_INVALID');
  });

  it('answers invalid-token to a user id without a session, and to a bad token', async () => {
    const noSession = await send({ userId: '100001', message: textMessage('hi') });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({ message: 'invalid-token' });
    const badToken = await send({ message: textMessage('hi') }, { token: 'garbage' });
    expect(badToken.statusCode).toBe(401);
  });

  it('sends as the member of the token, whatever userId the client claims', async () => {
    const me = await newMember(t);
    const other = await newMember(t);
    const res = await send({ userId: String(other.id), message: textMessage('ของฉัน') }, { token: me.token });
    expect(res.statusCode).toBe(200);
    const mine = (await history({ userId: String(other.id), limit: 10, skip: 0 }, me.token)).json();
    expect(mine.messages).toHaveLength(1);
    expect(mine.messages[0]).toMatchObject({
      userId: String(me.id),
      username: me.username,
      name: me.name,
      guestId: null,
    });
    expect((await history({ limit: 10, skip: 0 }, other.token)).json().total).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the first message, storing it once', async () => {
    const guestId = newGuestId();
    const key = { 'idempotency-key': 'chat-send-key-0001' };
    const first = await send({ guestId, message: textMessage('once') }, {}, key);
    const again = await send({ guestId, message: textMessage('once') }, {}, key);
    // The same message; a guest's answers each carry a fresh proof.
    const { guestProof: _first, ...firstMessage } = first.json();
    const { guestProof: _again, ...againMessage } = again.json();
    expect(againMessage).toEqual(firstMessage);
    expect((await history({ guestId, limit: 10, skip: 0 })).json().total).toBe(1);
    expect((await send({ guestId, message: textMessage('x') }, {}, { 'idempotency-key': 'bad key!' })).statusCode).toBe(
      400,
    );
  });

  it('sends a tapped postback with its title and payload', async () => {
    const guestId = newGuestId();
    const postback = { message_type: 'postback', payload: { title: 'ฝากเงินไม่เข้า', payload: 'DEPOSIT_PROBLEM' } };
    expect((await send({ guestId, message: postback, locale: 'th', deviceToken: 'web' })).statusCode).toBe(200);
    const [stored] = (await history({ guestId, limit: 10, skip: 0 })).json().messages;
    expect(stored).toMatchObject({ message: postback, deviceToken: 'web' });
  });
});

describe('POST /api/chat/history', () => {
  it('pages back from the newest message, 10 at a time, oldest first within a page', async () => {
    const guestId = newGuestId();
    for (let i = 1; i <= 23; i++) await send({ guestId, message: textMessage(`m${i}`) });
    const texts = async (skip: number) => {
      const res = (await history({ guestId, userId: null, limit: 10, skip })).json();
      expect(res.total).toBe(23);
      return res.messages.map((m: { message: { payload: { text: string } } }) => m.message.payload.text);
    };
    expect(await texts(0)).toEqual(['m14', 'm15', 'm16', 'm17', 'm18', 'm19', 'm20', 'm21', 'm22', 'm23']);
    expect(await texts(10)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12', 'm13']);
    expect(await texts(20)).toEqual(['m1', 'm2', 'm3']);
    expect(await texts(30)).toEqual([]);
  });

  it('answers an empty page for a conversation that never started', async () => {
    expect((await history({ guestId: newGuestId(), limit: 10, skip: 0 })).json()).toEqual({
      messages: [],
      total: 0,
      guestProof: expect.any(String),
    });
  });

  it('validates limit and skip', async () => {
    const guestId = newGuestId();
    expect((await history({ guestId, skip: 0 })).json().message).toBe('KEY_MISSING');
    for (const page of [
      { limit: 0, skip: 0 },
      { limit: 51, skip: 0 },
      { limit: 10, skip: -1 },
      { limit: '10', skip: 0 },
    ]) {
      expect((await history({ guestId, ...page })).json().message).toBe('KEY_INVALID');
    }
  });

  it('starts a new session_id after the operator closes one: the divider falls between them', async () => {
    const guestId = newGuestId();
    await send({ guestId, message: textMessage('first session') });
    const closed = await call(t, 'POST', '/api/chat/agent/close', { guestId }, { operator: true });
    expect(closed.statusCode).toBe(200);
    await send({ guestId, message: textMessage('second session') });
    await send({ guestId, message: textMessage('still second') });
    const { messages } = (await history({ guestId, limit: 10, skip: 0 })).json();
    const sessions = messages.map((m: { session_id: string }) => m.session_id);
    expect(sessions[0]).toBe(closed.json().session_id);
    expect(sessions[1]).not.toBe(sessions[0]);
    expect(sessions[2]).toBe(sessions[1]);
  });
});

describe('PUT /api/chat/read-customer/', () => {
  it('marks the conversation read by the customer, at the path with the trailing slash', async () => {
    const guestId = newGuestId();
    await send({ guestId, message: textMessage('hello') });
    const res = await call(t, 'PUT', '/api/chat/read-customer/', { userId: null, guestId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    const [conv] = await t.db.select().from(chatConversations).where(eq(chatConversations.guestId, guestId));
    expect(conv?.customerReadAt).toBeInstanceOf(Date);
  });

  it('validates who reads', async () => {
    expect((await call(t, 'PUT', '/api/chat/read-customer/', { guestId: 'guest-x' })).json().message).toBe(
      'KEY_INVALID',
    );
    expect((await call(t, 'PUT', '/api/chat/read-customer/', {})).json().message).toBe('KEY_MISSING');
    expect((await call(t, 'PUT', '/api/chat/read-customer/', { userId: '100001' })).statusCode).toBe(401);
  });
});

describe('a guest who signs in', () => {
  it('finds the guest conversation in the member history, moved once', async () => {
    const guestId = newGuestId();
    const { guestProof } = (await send({ guestId, message: textMessage('as a guest') })).json();
    const member = await newMember(t);
    await send({ message: textMessage('as a member') }, { token: member.token });
    const merged = (await history({ guestId, guestProof, limit: 10, skip: 0 }, member.token)).json();
    expect(merged.messages.map((m: { message: { payload: { text: string } } }) => m.message.payload.text)).toEqual([
      'as a guest',
      'as a member',
    ]);
    expect(merged.messages[0]).toMatchObject({ userId: String(member.id), guestId });
    expect((await history({ guestId, limit: 10, skip: 0 }, member.token)).json().total).toBe(2);
    expect((await history({ guestId, limit: 10, skip: 0 })).json().total).toBe(0);
  });
});

describe('send limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // One instant: the per-minute count must not start again at a minute boundary mid-test.
    const at = new Date();
    limited = await createTestApp({ ...env(), CHAT_SEND_MAX_PER_MINUTE: '3' }, { now: () => at });
  });
  afterAll(() => limited.close());

  it('answers REQUEST_LIMIT_1MIN past the per-minute sends of one guest, not of another', async () => {
    const guestId = newGuestId();
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await call(limited, 'POST', '/api/chat/send-message', { guestId, message: textMessage(`${i}`) })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await call(limited, 'POST', '/api/chat/send-message', { guestId, message: textMessage('again') });
    expect(res.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    const other = { guestId: newGuestId(), message: textMessage('hi') };
    expect((await call(limited, 'POST', '/api/chat/send-message', other)).statusCode).toBe(200);
  });
});
