// Guests choose their own ids: sends, uploads and stored bytes are limited per source address too,
// and uploads no message uses are deleted after a while.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedKeys } from '../../adapters/storage/testing.ts';
import { chatUploads } from '../../db/schema/chat.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { createChatUploadCleanup } from './chat-upload-cleanup.job.ts';
import { type Caller, call, isoVideo, newGuestId, OPERATOR, png, textMessage, upload } from './testing.ts';

const KB = 1024;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'krapao-chat-limits-'));
let t: TestApp;
// One instant for the whole file: the per-minute limit counts in the current minute's bucket, so a
// run that crossed a minute boundary would otherwise see the count start again.
const at = new Date();
beforeAll(async () => {
  t = await createTestApp(
    {
      OPERATOR_TOKEN: OPERATOR,
      CHAT_AGENT: 'off',
      UPLOAD_DIR: uploadDir,
      CHAT_SEND_IP_MAX_PER_MINUTE: '3',
      CHAT_UPLOAD_IP_MAX_PER_HOUR: '3',
      CHAT_UPLOAD_IP_MAX_MB_PER_DAY: '1',
    },
    { now: () => at },
  );
});
afterAll(() => t.close());

const sendText = (who: Caller, text = 'hi') =>
  call(
    t,
    'POST',
    '/api/chat/send-message',
    { ...(who.guestId ? { guestId: who.guestId } : {}), message: textMessage(text) },
    who,
  );
const uploadPng = (who: Caller) =>
  upload(t, '/api/chat/upload-image', { data: png(), name: 'a.png', type: 'image/png' }, who);
const uploadVideo = (who: Caller, bytes: number) =>
  upload(t, '/api/chat/upload-video', { data: isoVideo('isom', bytes), name: 'a.mp4', type: 'video/mp4' }, who);
const rowOf = async (filePath: string) =>
  (
    await t.db
      .select()
      .from(chatUploads)
      .where(eq(chatUploads.name, path.basename(filePath)))
  )[0];

describe('guests per source address', () => {
  it('answers REQUEST_LIMIT_1MIN past the sends of one address, whatever guest ids it rotates', async () => {
    const ip = '10.0.1.1';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await sendText({ guestId: newGuestId(), ip })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await sendText({ guestId: newGuestId(), ip })).json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    expect((await sendText({ guestId: newGuestId(), ip: '10.0.1.2' })).statusCode).toBe(200);
    // Members behind the same carrier NAT are limited per account only.
    const member = await newMember(t);
    expect((await sendText({ token: member.token, ip })).statusCode).toBe(200);
  });

  it('answers REQUEST_LIMIT past the uploads of one address, whatever guest ids it rotates', async () => {
    const ip = '10.0.2.1';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await uploadPng({ guestId: newGuestId(), ip })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await uploadPng({ guestId: newGuestId(), ip })).json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await uploadPng({ guestId: newGuestId(), ip: '10.0.2.2' })).statusCode).toBe(200);
  });

  it('caps the bytes guests store from one address in a day, refusing before the file is written', async () => {
    const ip = '10.0.3.1';
    const first = await uploadVideo({ guestId: newGuestId(), ip }, 700 * KB);
    expect(first.statusCode).toBe(200);
    expect(await rowOf(first.json().path)).toMatchObject({ ip, messageId: null });
    const files = (await storedKeys(t.db, 'chat')).length;
    const over = await uploadVideo({ guestId: newGuestId(), ip }, 700 * KB);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect(await storedKeys(t.db, 'chat')).toHaveLength(files);
    expect((await uploadVideo({ guestId: newGuestId(), ip: '10.0.3.2' }, 700 * KB)).statusCode).toBe(200);
    const member = await newMember(t);
    expect((await uploadVideo({ token: member.token, ip }, 700 * KB)).statusCode).toBe(200);

    await t.db
      .update(chatUploads)
      .set({ createdAt: sql`${chatUploads.createdAt} - interval '25 hours'` })
      .where(eq(chatUploads.ip, ip));
    expect((await uploadVideo({ guestId: newGuestId(), ip }, 700 * KB)).statusCode).toBe(200);
  });
});

describe('uploads no message uses', () => {
  it('are deleted, file and row, once older than CHAT_UPLOAD_UNUSED_MS; used and young ones stay', async () => {
    const guestId = newGuestId();
    const who = { guestId, ip: '10.0.4.1' };
    const [used, unused] = [(await uploadPng(who)).json().path, (await uploadPng(who)).json().path];
    const media = { message_type: 'media', payload: { fileType: 'image', filePath: used } };
    const sent = await call(t, 'POST', '/api/chat/send-message', { guestId, message: media }, who);
    expect(sent.statusCode).toBe(200);
    expect((await rowOf(used))?.messageId).toBe(Number(sent.json()._id));
    expect((await rowOf(unused))?.messageId).toBeNull();

    await t.db.update(chatUploads).set({ createdAt: sql`${chatUploads.createdAt} - interval '2 hours'` });
    const young = (await uploadPng(who)).json().path;
    expect(await createChatUploadCleanup(t.ctx).runOnce()).toBeGreaterThanOrEqual(1);

    expect(await rowOf(unused)).toBeUndefined();
    const isStored = async (filePath: string) => (await t.ctx.files.get(`chat/${path.basename(filePath)}`)) !== null;
    expect(await isStored(unused)).toBe(false);
    for (const kept of [used, young]) {
      expect(await rowOf(kept)).toBeDefined();
      expect(await isStored(kept)).toBe(true);
    }
    const late = { guestId, message: { ...media, payload: { ...media.payload, filePath: unused } } };
    expect((await call(t, 'POST', '/api/chat/send-message', late, who)).json().message).toBe('KEY_INVALID');
    expect((await call(t, 'GET', used, undefined, { guestId })).statusCode).toBe(200);
  });
});
