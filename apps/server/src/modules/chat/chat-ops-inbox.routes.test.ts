// The console inbox a page at a time (cursors), the staff member's name on a reply (never on the
// member's wire), and the read mark every staff member shares, live.
import { chatOpsPaths } from '@krapao/contracts/ops/chat';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations } from '../../db/schema/chat.ts';
import { staff } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { connectLive, heardEvents, nextEvent, pause } from '../ops-live/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { listen } from './socket-testing.ts';
import { call, textMessage } from './testing.ts';

let t: TestApp;
let base: string;
let support: SignedInStaff;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ CHAT_AGENT: 'off' });
  base = await listen(t);
  support = await signedInStaff(t, 'support');
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

const at = (p: string, id: number) => p.replace(':conversationId', String(id));
const send = (text: string, token: string) =>
  call(t, 'POST', '/api/chat/send-message', { message: textMessage(text) }, { token });
const conversationOf = async (memberId: number) =>
  (await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, memberId)))[0]!;
type Page = { items: { id: number; unread: number }[]; nextCursor: string | null; total: number };
type Messages = {
  messages: { _id: string; sender: string; message: { payload: { text: string } }; staffName: string | null }[];
  nextCursor: string | null;
};
const texts = (page: Messages) => page.messages.map((m) => m.message.payload.text);
async function listOf(who: SignedInStaff, query = '') {
  const res = await opsCall(t, who, 'GET', `${chatOpsPaths.list}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
}

describe('the console inbox, a page at a time', () => {
  it('walks the conversations newest first by cursor, each once, and refuses a bad cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const member = await newMember(t);
      await send(`hello ${i}`, member.token);
      ids.unshift((await conversationOf(member.id)).id);
    }
    const seen: number[] = [];
    let page = await listOf(support, '?limit=2');
    expect(page.items).toHaveLength(2);
    while (true) {
      seen.push(...page.items.map((c) => c.id));
      if (page.nextCursor === null) break;
      page = await listOf(support, `?limit=2&before=${page.nextCursor}`);
    }
    // Other tests of this file add conversations later, never before these: the newest five are ours.
    expect(seen.slice(0, 5)).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(page.total);

    for (const query of ['?before=yesterday', '?before=1_2_3', '?skip=2', '?limit=0']) {
      const res = await opsCall(t, support, 'GET', `${chatOpsPaths.list}${query}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('pages a conversation back to its first message; only the newest page reads it', async () => {
    const member = await newMember(t);
    for (const text of ['1', '2', '3', '4', '5']) await send(text, member.token);
    const conv = await conversationOf(member.id);
    const url = at(chatOpsPaths.messages, conv.id);

    let res = await opsCall(t, support, 'GET', `${url}?limit=2&before=9999999999999_999999999999999`);
    expect(texts(res.json())).toEqual(['4', '5']);
    expect((await conversationOf(member.id)).agentReadAt).toBeNull();

    res = await opsCall(t, support, 'GET', `${url}?limit=2`);
    const newest = res.json() as Messages;
    expect(texts(newest)).toEqual(['4', '5']);
    expect((await conversationOf(member.id)).agentReadAt).not.toBeNull();
    const middle = (await opsCall(t, support, 'GET', `${url}?limit=2&before=${newest.nextCursor}`)).json() as Messages;
    expect(texts(middle)).toEqual(['2', '3']);
    const oldest = (await opsCall(t, support, 'GET', `${url}?limit=2&before=${middle.nextCursor}`)).json() as Messages;
    expect(texts(oldest)).toEqual(['1']);
    expect(oldest.nextCursor).toBeNull();
    expect((await opsCall(t, support, 'GET', `${url}?before=x_1`)).statusCode).toBe(400);
  });
});

describe('a staff reply in the console', () => {
  it('shows the staff member’s name, while the member still reads an unnamed support answer', async () => {
    await t.db.update(staff).set({ displayName: 'Nok' }).where(eq(staff.id, support.id));
    const member = await newMember(t);
    await send('help', member.token);
    const conv = await conversationOf(member.id);
    const reply = { message: textMessage('On it') };
    expect((await opsCall(t, support, 'POST', at(chatOpsPaths.reply, conv.id), reply)).statusCode).toBe(200);

    const read = (await opsCall(t, support, 'GET', at(chatOpsPaths.messages, conv.id))).json() as Messages;
    expect(read.messages.map((m) => [m.sender, m.staffName])).toEqual([
      ['customer', null],
      ['agent', 'Nok'],
    ]);
    const history = await call(t, 'POST', '/api/chat/history', { limit: 50, skip: 0 }, { token: member.token });
    const answer = history.json().messages.at(-1);
    expect(answer).toMatchObject({ sender: 'agent', name: null });
    expect(JSON.stringify(answer)).not.toContain('Nok');
    expect(answer).not.toHaveProperty('staffName');
  });
});

describe('the shared read mark', () => {
  it('clears the unread count in every staff member’s inbox, live, when one of them reads', async () => {
    const other = await signedInStaff(t, 'support');
    const member = await newMember(t);
    const [mine, theirs] = await Promise.all([connectLive(base, support.token), connectLive(base, other.token)]);
    open.push(mine, theirs);
    let heard = nextEvent(theirs);
    await send('anyone?', member.token);
    const conv = await conversationOf(member.id);
    await heard;
    const unreadFor = async (who: SignedInStaff) =>
      (await listOf(who, '?limit=100')).items.find((c) => c.id === conv.id)?.unread;
    expect(await unreadFor(other)).toBe(1);

    heard = nextEvent(theirs);
    expect((await opsCall(t, support, 'GET', at(chatOpsPaths.messages, conv.id))).statusCode).toBe(200);
    expect(await heard).toEqual({ queue: 'chat', id: String(conv.id), change: 'updated' });
    expect(await unreadFor(other)).toBe(0);

    // Reading it again changes nothing: no event, so consoles that reload on it do not loop.
    const later = heardEvents(theirs);
    await opsCall(t, other, 'GET', at(chatOpsPaths.messages, conv.id));
    await pause(300);
    expect(later).toEqual([]);
  });
});
