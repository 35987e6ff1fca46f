// A guest conversation joins a member only with the proof the guest's own calls answered in this
// browser session; operators see which senders are unverified guests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { createGuestProofs, GUEST_PROOF_TTL_MS } from './chat-guest-proof.ts';
import { call, guestProofOf, newGuestId, OPERATOR, textMessage } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: OPERATOR,
    CHAT_AGENT: 'off',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-merge-')),
  });
});
afterAll(() => t.close());

type Page = { total: number; messages: { guestId: string | null; verified?: boolean; name: string | null }[] };
const history = async (body: object, token?: string): Promise<Page> =>
  (await call(t, 'POST', '/api/chat/history', { limit: 10, skip: 0, ...body }, { token })).json();
const guestSays = (guestId: string, text: string, name?: string) =>
  call(t, 'POST', '/api/chat/send-message', { guestId, name, message: textMessage(text) });

describe('a member who signs in where a guest chatted', () => {
  it('does not take the guest conversation without its proof, nor with a wrong, forged or expired one', async () => {
    const guestId = newGuestId();
    await guestSays(guestId, 'someone else on this device');
    const member = await newMember(t);
    const otherProof = await guestProofOf(t, newGuestId());
    const past = createGuestProofs(t.ctx.config.APP_SECRET, () => new Date(Date.now() - GUEST_PROOF_TTL_MS - 60_000));
    const valid = await guestProofOf(t, guestId);
    const forged = `${Number(valid.split('.')[0]) + 86_400}.${valid.split('.')[1]}`;
    for (const guestProof of [undefined, otherProof, past.issue(guestId), forged, 'x'.repeat(50)]) {
      const mine = await history({ guestId, guestProof }, member.token);
      expect(
        mine.messages.filter((m) => m.guestId === guestId),
        String(guestProof),
      ).toEqual([]);
      const sent = await call(
        t,
        'POST',
        '/api/chat/send-message',
        { guestId, guestProof, message: textMessage('mine') },
        { token: member.token },
      );
      expect(sent.statusCode).toBe(200);
    }
    expect((await history({ guestId })).total).toBe(1);
  });

  it('takes it with the proof this browser session kept', async () => {
    const guestId = newGuestId();
    const { guestProof } = (await guestSays(guestId, 'my question')).json();
    expect(guestProof).toMatch(/^\d+\.[\w-]{43}$/);
    const member = await newMember(t);
    expect((await history({ guestId, guestProof }, member.token)).total).toBe(1);
    expect((await history({ guestId })).total).toBe(0);
  });
});

describe('operators', () => {
  it('see which conversations and messages come from unverified guests', async () => {
    const guestId = newGuestId();
    await guestSays(guestId, 'โอนเงินไม่เข้า', 'สมชาย ใจดี (0800000001)');
    const member = await newMember(t);
    await call(t, 'POST', '/api/chat/send-message', { message: textMessage('hello') }, { token: member.token });

    const list = (
      await call(t, 'GET', '/api/chat/agent/conversations?limit=100', undefined, { operator: true })
    ).json();
    const guestConv = list.conversations.find((c: { guestId: string }) => c.guestId === guestId);
    expect(guestConv).toMatchObject({ senderKind: 'guest', verified: false, name: null });
    expect(guestConv.lastMessage).toMatchObject({ name: 'สมชาย ใจดี (0800000001)', verified: false });
    const memberConv = list.conversations.find((c: { userId: string }) => c.userId === String(member.id));
    expect(memberConv).toMatchObject({ senderKind: 'member', verified: true, name: member.name });
    expect(memberConv.lastMessage).toMatchObject({ verified: true });

    const read = await call(t, 'POST', '/api/chat/agent/history', { guestId, limit: 10, skip: 0 }, { operator: true });
    expect(read.json().messages[0]).toMatchObject({ sender: 'customer', verified: false });
    const reply = { guestId, message: textMessage('ขอเลขบัญชีค่ะ') };
    await call(t, 'POST', '/api/chat/agent/reply', reply, { operator: true });
    const after = await call(t, 'POST', '/api/chat/agent/history', { guestId, limit: 10, skip: 0 }, { operator: true });
    expect(after.json().messages.at(-1)).toMatchObject({ sender: 'agent', verified: true });
  });

  it('still see a merged guest message as self-declared', async () => {
    const guestId = newGuestId();
    const { guestProof } = (await guestSays(guestId, 'as a guest', 'Somchai')).json();
    const member = await newMember(t);
    const page = await history({ guestId, guestProof }, member.token);
    expect(page.messages[0]).toMatchObject({ guestId, name: 'Somchai', verified: false });
  });
});
