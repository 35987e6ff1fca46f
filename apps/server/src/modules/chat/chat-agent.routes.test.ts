import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { call, newGuestId, OPERATOR, textMessage } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT_DELAY_MS: '0',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
  });
});
afterAll(() => t.close());

type Wire = { sender: string; message: { message_type: string; payload: Record<string, unknown> } };
const send = (body: object, token?: string) => call(t, 'POST', '/api/chat/send-message', body, { token });
const operator = (method: 'GET' | 'POST', url: string, body?: object) => call(t, method, url, body, { operator: true });
async function historyOf(who: { guestId?: string; token?: string }) {
  await t.app.chat.idle();
  const res = await call(
    t,
    'POST',
    '/api/chat/history',
    { guestId: who.guestId, limit: 50, skip: 0 },
    { token: who.token },
  );
  return res.json().messages as Wire[];
}

describe('the sandbox agent', () => {
  it('greets a new session with buttons and quick replies, in the customer’s language', async () => {
    const guestId = newGuestId();
    await send({ guestId, locale: 'th', message: textMessage('สวัสดี') });
    const [, buttons, quick] = await historyOf({ guestId });
    expect(buttons).toMatchObject({ sender: 'bot', message: { message_type: 'buttons' } });
    expect(buttons?.message.payload.text).toMatch(/ยินดีต้อนรับ/);
    const types = (buttons!.message.payload.buttons as { type: string }[]).map((b) => b.type);
    expect(types).toEqual(['web', 'web', 'call']);
    expect(quick?.message).toMatchObject({
      message_type: 'quick_replies',
      payload: {
        quick_replies: [{ payload: 'DEPOSIT_PROBLEM' }, { payload: 'WITHDRAW_PROBLEM' }, { payload: 'TALK_TO_STAFF' }],
      },
    });
    await send({ guestId, message: textMessage('อีกข้อความ') });
    expect(await historyOf({ guestId })).toHaveLength(4);

    const lao = newGuestId();
    await send({ guestId: lao, locale: 'la', message: textMessage('ສະບາຍດີ') });
    expect((await historyOf({ guestId: lao }))[1]?.message.payload.text).toMatch(/[\u0E80-\u0EFF]/);
  });

  it('answers a deposit problem with a card linking the member’s latest transactions', async () => {
    const member = await newMember(t);
    const postback = { message_type: 'postback', payload: { title: 'Deposit problem', payload: 'DEPOSIT_PROBLEM' } };
    await send({ locale: 'en', message: postback }, member.token);
    const messages = await historyOf({ token: member.token });
    const card = messages.find((m) => m.message.message_type === 'generic');
    const [element] = card!.message.payload.elements as { title: string; image_url: string; buttons: object[] }[];
    expect(element?.title).toBe('Your latest transactions');
    expect(element?.image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(element?.buttons[0]).toEqual({ type: 'web', title: 'View latest transactions', payload: '/user/statement' });

    const guestId = newGuestId();
    await send({ guestId, locale: 'en', message: postback });
    const guestCard = (await historyOf({ guestId })).find((m) => m.message.message_type === 'generic');
    expect(JSON.stringify(guestCard)).toContain('"payload":"/login"');
  });

  it('keeps quiet once a person has answered in the session', async () => {
    const guestId = newGuestId();
    await send({ guestId, message: textMessage('hello') });
    await t.app.chat.idle();
    await operator('POST', '/api/chat/agent/reply', { guestId, message: textMessage('A person here') });
    await send({ guestId, message: { message_type: 'postback', payload: { title: 'x', payload: 'MENU' } } });
    const last = (await historyOf({ guestId })).at(-1);
    expect(last).toMatchObject({ sender: 'customer' });
  });
});

describe('the agent API', () => {
  it('refuses calls without the operator token', async () => {
    for (const token of [undefined, 'wrong-token-wrong-token', (await newMember(t)).token]) {
      const res = await call(t, 'GET', '/api/chat/agent/conversations', undefined, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
  });

  it('lists conversations with their last message and unread count, reads, replies and closes', async () => {
    const member = await newMember(t);
    await send({ locale: 'en', message: textMessage('I need help with a withdrawal') }, member.token);
    await t.app.chat.idle();
    const list = (await operator('GET', '/api/chat/agent/conversations?limit=5&skip=0')).json();
    expect(list.total).toBeGreaterThan(0);
    const conv = list.conversations.find((c: { userId: string }) => c.userId === String(member.id));
    expect(conv).toMatchObject({ guestId: null, username: member.username, unread: 1, sessionClosed: false });
    expect(conv.lastMessage.sender).toBe('bot');

    const read = await operator('POST', '/api/chat/agent/history', { userId: String(member.id), limit: 10, skip: 0 });
    expect(read.json().messages[0].message.payload.text).toBe('I need help with a withdrawal');
    const after = (await operator('GET', '/api/chat/agent/conversations')).json();
    expect(after.conversations.find((c: { userId: string }) => c.userId === String(member.id)).unread).toBe(0);

    const reply = await operator('POST', '/api/chat/agent/reply', {
      userId: String(member.id),
      name: 'Nok',
      message: {
        message_type: 'buttons',
        payload: { text: 'Call us', buttons: [{ type: 'call', title: 'Call', payload: '021234567' }] },
      },
    });
    expect(reply.statusCode).toBe(200);
    const mine = await historyOf({ token: member.token });
    expect(mine.at(-1)).toMatchObject({ sender: 'agent', name: 'Nok', _id: reply.json()._id });

    const closed = await operator('POST', '/api/chat/agent/close', { userId: String(member.id) });
    expect(closed.json()).toEqual({ message: 'OK', session_id: reply.json().session_id });
    const next = await send({ message: textMessage('new topic') }, member.token);
    expect(next.json().session_id).not.toBe(reply.json().session_id);
  });

  it('validates targets and messages', async () => {
    expect((await operator('POST', '/api/chat/agent/reply', { message: textMessage('x') })).json().message).toBe(
      'KEY_MISSING',
    );
    const nobody = await operator('POST', '/api/chat/agent/close', { guestId: newGuestId() });
    expect(nobody.statusCode).toBe(404);
    expect((await operator('POST', '/api/chat/agent/close', { userId: 'abc' })).json().message).toBe('KEY_INVALID');
    const guestId = newGuestId();
    await send({ guestId, message: textMessage('hi') });
    for (const link of ['javascript:alert(1)', '//evil.example', '/\\evil.example']) {
      const buttons = [{ type: 'web', title: 'x', payload: link }];
      const unsafe = { message_type: 'buttons', payload: { text: 'x', buttons } };
      const res = await operator('POST', '/api/chat/agent/reply', { guestId, message: unsafe });
      expect(res.json().message, link).toBe('KEY_INVALID');
    }
    const empty = await operator('POST', '/api/chat/agent/reply', { guestId, message: textMessage('  ') });
    expect(empty.json().message).toBe('KEY_INVALID');
    expect((await operator('GET', '/api/chat/agent/conversations?limit=1000')).json().message).toBe('KEY_INVALID');
  });
});
