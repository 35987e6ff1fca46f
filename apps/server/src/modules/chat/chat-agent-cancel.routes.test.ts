// A person's answer wins over the sandbox agent's pending one: on the same instance the waiting answer
// is dropped, and on another instance the bot's answer is refused when it comes to be stored.
import { chatOpsPaths } from '@krapao/contracts/ops/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../db/schema/chat.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, newGuestId, textMessage } from './testing.ts';

let a: TestApp;
let b: TestApp;
let support: SignedInStaff;
beforeAll(async () => {
  a = await createTestApp({ CHAT_AGENT_DELAY_MS: '600' });
  b = await secondInstance(a);
  support = await signedInStaff(a, 'support');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const send = (t: TestApp, guestId: string, text: string) =>
  call(t, 'POST', '/api/chat/send-message', { guestId, locale: 'en', message: textMessage(text) });
async function sendersOf(guestId: string) {
  await Promise.all([a.app.chat.idle(), b.app.chat.idle()]);
  const [conv] = await a.db.select().from(chatConversations).where(eq(chatConversations.guestId, guestId));
  const rows = await a.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conv!.id));
  return { id: conv!.id, senders: rows.sort((x, y) => x.id - y.id).map((m) => m.sender) };
}
const reply = (t: TestApp, id: number) =>
  opsCall(t, support, 'POST', chatOpsPaths.reply.replace(':conversationId', String(id)), {
    message: textMessage('A person here'),
  });

describe('a staff reply before the bot’s', () => {
  it('is the only answer: the bot scheduled on this instance keeps quiet', async () => {
    const guestId = newGuestId();
    expect((await send(a, guestId, 'hello')).statusCode).toBe(200);
    const [conv] = await a.db.select().from(chatConversations).where(eq(chatConversations.guestId, guestId));
    expect((await reply(a, conv!.id)).statusCode).toBe(200);
    expect((await sendersOf(guestId)).senders).toEqual(['customer', 'agent']);
  });

  it('is the only answer when it reaches another instance than the customer’s message', async () => {
    const guestId = newGuestId();
    expect((await send(a, guestId, 'hello')).statusCode).toBe(200);
    const [conv] = await a.db.select().from(chatConversations).where(eq(chatConversations.guestId, guestId));
    expect((await reply(b, conv!.id)).statusCode).toBe(200);
    expect((await sendersOf(guestId)).senders).toEqual(['customer', 'agent']);
  });

  it('leaves the bot answering when no person answered', async () => {
    const guestId = newGuestId();
    expect((await send(a, guestId, 'hello')).statusCode).toBe(200);
    const { senders } = await sendersOf(guestId);
    expect(senders[0]).toBe('customer');
    expect(senders.slice(1).length).toBeGreaterThan(0);
    expect(senders.slice(1).every((s) => s === 'bot')).toBe(true);
  });
});
