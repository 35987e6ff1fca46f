import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chatRoom } from '@krapao/contracts/chat';
import { chatOpsPaths } from '@krapao/contracts/ops/chat';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../db/schema/chat.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { connectLive, heardEvents, nextEvent, pause } from '../ops-live/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { connectSocket, join, listen, nextMessage } from './socket-testing.ts';
import { call, newGuestId, OPERATOR, textMessage } from './testing.ts';

let t: TestApp;
let base: string;
let support: SignedInStaff;
let finance: SignedInStaff;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT: 'off',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
  });
  base = await listen(t);
  support = await signedInStaff(t, 'support');
  finance = await signedInStaff(t, 'finance');
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

const at = (p: string, id: number) => p.replace(':conversationId', String(id));
const send = (text: string, who: { token?: string; guestId?: string }) =>
  call(t, 'POST', '/api/chat/send-message', { guestId: who.guestId, message: textMessage(text) }, { token: who.token });

async function conversationOf(memberId: number) {
  const [row] = await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, memberId));
  return row!;
}
const auditOf = (id: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.objectType, 'conversation'), eq(auditLog.objectId, String(id)), eq(auditLog.action, action)),
    );
const messagesOf = (conversationId: number) =>
  t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));

describe('the console chat inbox', () => {
  it('lists the newest conversation first with the customer messages not yet read', async () => {
    const member = await newMember(t);
    const guestId = newGuestId();
    await send('one', { token: member.token });
    await send('two', { token: member.token });
    await send('hello', { guestId });
    let res = await opsCall(t, support, 'GET', `${chatOpsPaths.list}?limit=100`);
    expect(res.statusCode).toBe(200);
    let items = res.json().items as { id: number; userId: string | null; guestId: string | null; unread: number }[];
    expect(items[0]).toMatchObject({ guestId, unread: 1 });
    const conv = await conversationOf(member.id);
    expect(items.find((c) => c.id === conv.id)).toMatchObject({ userId: String(member.id), unread: 2 });

    // A new member message moves the conversation to the top; reading it clears the count.
    await send('three', { token: member.token });
    items = (await opsCall(t, support, 'GET', `${chatOpsPaths.list}?limit=100`)).json().items;
    expect(items[0]).toMatchObject({ id: conv.id, unread: 3 });
    res = await opsCall(t, support, 'GET', at(chatOpsPaths.messages, conv.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { message: { payload: { text: string } } }) => m.message.payload.text)).toEqual([
      'one',
      'two',
      'three',
    ]);
    items = (await opsCall(t, support, 'GET', `${chatOpsPaths.list}?limit=100`)).json().items;
    expect(items[0]).toMatchObject({ id: conv.id, unread: 0 });
  });

  it('delivers a staff reply to the member’s chat socket, stored with the staff id and audited', async () => {
    const member = await newMember(t);
    await send('help me', { token: member.token });
    const conv = await conversationOf(member.id);
    const socket = await connectSocket(base, { token: member.token });
    open.push(socket);
    expect((await join(socket, chatRoom(t.ctx.config.CHAT_PREFIX, String(member.id)))).ok).toBe(true);
    const heard = nextMessage(socket);

    const res = await opsCall(t, support, 'POST', at(chatOpsPaths.reply, conv.id), {
      message: {
        message_type: 'quick_replies',
        payload: { text: 'Which one?', quick_replies: [{ title: 'A', payload: 'A' }] },
      },
    });
    expect(res.statusCode).toBe(200);
    const wire = await heard;
    expect(wire).toMatchObject({ sender: 'agent', name: null, message: { message_type: 'quick_replies' } });
    expect(wire.message.payload).not.toHaveProperty('staffId');

    const stored = (await messagesOf(conv.id)).find((m) => String(m.id) === res.json().id);
    expect(stored).toMatchObject({ staffId: support.id, payload: { text: 'Which one?' } });
    expect(stored?.payload).not.toHaveProperty('staffId');
    const [entry, ...more] = await auditOf(conv.id, 'chat.reply');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ staffId: support.id, memberId: member.id });
    const read = await opsCall(t, support, 'GET', at(chatOpsPaths.messages, conv.id));
    expect(read.json().messages.at(-1)).toMatchObject({
      sender: 'agent',
      staffId: support.id,
      staffName: 'Test support',
    });
  });

  it('tells the staff who answer chat, live, that a conversation got a message', async () => {
    const member = await newMember(t);
    const live = await connectLive(base, support.token);
    const other = await connectLive(base, finance.token);
    open.push(live, other);
    const financeHeard = heardEvents(other);
    const event = nextEvent(live);
    await send('anyone there?', { token: member.token });
    const conv = await conversationOf(member.id);
    expect(await event).toEqual({ queue: 'chat', id: String(conv.id), change: 'updated' });
    await pause(200);
    expect(financeHeard).toEqual([]);
  });

  it('closes the session once, audited; the next message opens a new one', async () => {
    const member = await newMember(t);
    await send('bye', { token: member.token });
    const conv = await conversationOf(member.id);
    const res = await opsCall(t, support, 'POST', at(chatOpsPaths.close, conv.id), {});
    expect(res.json()).toEqual({ sessionId: conv.sessionId });
    expect((await conversationOf(member.id)).sessionClosed).toBe(true);
    expect(await auditOf(conv.id, 'chat.close')).toHaveLength(1);
    const again = await opsCall(t, support, 'POST', at(chatOpsPaths.close, conv.id), {});
    expect(again.json().message).toBe('OPS_ALREADY_DECIDED');
    expect(await auditOf(conv.id, 'chat.close')).toHaveLength(1);
    await send('back again', { token: member.token });
    expect((await conversationOf(member.id)).sessionId).not.toBe(conv.sessionId);
  });

  it('refuses a role without chat.reply and bad input, changing nothing', async () => {
    const member = await newMember(t);
    await send('hi', { token: member.token });
    const conv = await conversationOf(member.id);
    const reply = { message: textMessage('hello') };
    for (const [method, url, body] of [
      ['GET', chatOpsPaths.list, undefined],
      ['GET', at(chatOpsPaths.messages, conv.id), undefined],
      ['POST', at(chatOpsPaths.reply, conv.id), reply],
      ['POST', at(chatOpsPaths.close, conv.id), {}],
    ] as const) {
      expect((await opsCall(t, finance, method, url, body)).statusCode).toBe(403);
    }
    const bad = [
      { message: textMessage('   ') },
      { message: { message_type: 'postback', payload: { title: 'x', payload: 'y' } } },
      { message: textMessage('hi'), staffId: 1 },
    ];
    for (const body of bad) {
      expect((await opsCall(t, support, 'POST', at(chatOpsPaths.reply, conv.id), body)).statusCode).toBe(400);
    }
    expect((await opsCall(t, support, 'POST', at(chatOpsPaths.reply, 99_999_999), reply)).json().message).toBe(
      'NO_DATA',
    );
    expect((await opsCall(t, support, 'POST', at(chatOpsPaths.reply, 0), reply)).statusCode).toBe(400);
    const after = await conversationOf(member.id);
    expect(after).toMatchObject({ sessionClosed: false, agentReadAt: null });
    expect(await messagesOf(conv.id)).toHaveLength(1);
    expect(await auditOf(conv.id, 'chat.reply')).toHaveLength(0);
  });

  it('shows the member’s wallet, deposits and slips beside the conversation, and nothing for a guest', async () => {
    const member = await newMember(t);
    await send('where is my money', { token: member.token });
    const conv = await conversationOf(member.id);
    const res = await opsCall(t, support, 'GET', at(chatOpsPaths.member, conv.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberId: member.id, wallet: 0, deposits: [], slips: [] });
    expect(res.json().context.username).toBe(member.username);

    const guestId = newGuestId();
    await send('hello', { guestId });
    const [guest] = await t.db.select().from(chatConversations).where(eq(chatConversations.guestId, guestId));
    expect((await opsCall(t, support, 'GET', at(chatOpsPaths.member, guest!.id))).json().message).toBe('NO_DATA');
  });

  it('keeps canned answers as a setting, audited; refuses a bad list and another role, changing nothing', async () => {
    const path = chatOpsPaths.cannedAnswers;
    const entries = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'chatCannedAnswers')));
    expect((await opsCall(t, support, 'GET', path)).json()).toEqual({ answers: [], lastChange: null });
    const answers = ['สวัสดีค่ะ', 'Please send your slip.'];
    const res = await opsCall(t, support, 'POST', path, { answers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answers, lastChange: { staffName: 'Test support' } });
    expect(await entries()).toHaveLength(1);

    const tooMany = Array.from({ length: 31 }, (_, i) => `answer ${i}`);
    for (const body of [{ answers: [''] }, { answers: tooMany }, { answers: 'hello' }]) {
      expect((await opsCall(t, support, 'POST', path, body)).statusCode).toBe(400);
    }
    expect((await opsCall(t, finance, 'POST', path, { answers: ['x'] })).statusCode).toBe(403);
    expect((await opsCall(t, support, 'GET', path)).json().answers).toEqual(answers);
    expect(await entries()).toHaveLength(1);
  });
});
